"""tableau: a full-screen terminal card table."""
