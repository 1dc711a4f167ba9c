"""Pure, deterministic game logic: no Streamlit, no I/O beyond reading data files."""
