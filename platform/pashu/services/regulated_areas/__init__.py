"""regulated_areas"""
