"""offences"""
