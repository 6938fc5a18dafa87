"""pound_returns"""
