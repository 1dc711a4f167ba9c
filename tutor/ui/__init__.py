"""Streamlit pages and widgets: they render and collect input, nothing else."""
