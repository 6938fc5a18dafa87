"""rates"""
