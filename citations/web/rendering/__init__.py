"""HTML building blocks of the dashboard: highlighted answers and passages, SVG charts."""
