"""End-to-end tests in headless Chromium (see docs/quality.md)."""
