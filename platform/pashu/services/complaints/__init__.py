"""complaints"""
