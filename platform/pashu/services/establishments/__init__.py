"""establishments"""
