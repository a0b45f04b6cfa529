// ESLint's flat configuration (make lint; docs/decisions/0057): the recommended rules on
// the site's ES modules (static/js, run by browsers, with Django's JavaScript catalog as
// globals) and on their unit tests (tests/js, run by Node's own test runner).
import js from "@eslint/js";
import globals from "globals";

// What /jsi18n/ (Django's JavaScript catalog, loaded first by base.html) defines.
const djangoCatalog = {
  gettext: "readonly",
  ngettext: "readonly",
  pgettext: "readonly",
  npgettext: "readonly",
  interpolate: "readonly",
  get_format: "readonly",
};

export default [
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...djangoCatalog },
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
];
