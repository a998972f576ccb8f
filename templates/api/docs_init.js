{% include "drf_spectacular/swagger_ui.js" %}
// Swagger UI ships a dark theme (the .dark-mode class on <html>): follow the reader's scheme,
// as the dashboard does.
if (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) {
  document.documentElement.classList.add("dark-mode");
}
