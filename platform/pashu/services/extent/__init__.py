"""extent"""
