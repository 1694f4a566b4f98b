"""The Textual app: screens, widgets, styles and the controls layer."""
