// ESLint's flat configuration (make lint; docs/decisions/0057): the recommended rules on
// the site's ES modules (static/js, run by browsers, with Django's JavaScript catalog as
// globals) and on their unit tests (tests/js, run by Node's own test runner); and the
// project's sizes for every script: no function over 60 lines, no file over 400, every
// line counted, blank and comment lines included (docs/decisions/0058).
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
    files: ["**/*.js"],
    rules: {
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: false, skipComments: false, IIFEs: true }],
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...djangoCatalog },
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js", "stylelint.config.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
];
