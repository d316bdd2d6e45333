// Shared setup for the web component tests (jsdom).
