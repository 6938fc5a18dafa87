"""pounds"""
