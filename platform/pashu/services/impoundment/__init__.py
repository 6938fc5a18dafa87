"""impoundment"""
