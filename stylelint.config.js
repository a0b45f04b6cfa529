// stylelint's configuration (make lint-css; docs/decisions/0058): the standard rules on the
// site's stylesheets (static/css), except where they fight a choice the stylesheets make
// on purpose. Every file stays under 400 lines (tests/test_layout.py counts them).
export default {
  extends: ["stylelint-config-standard"],
  rules: {
    // Class names are BEM (block, block__element, block--modifier, is-/has- states); a word
    // the server or Django's admin writes (an event's kind, a field's name) keeps its "_".
    "selector-class-pattern": [
      "^[a-z][a-z0-9]*([-_][a-z0-9]+)*(__[a-z0-9]+([-_][a-z0-9]+)*)?(--[a-z0-9]+([-_][a-z0-9]+)*)?$",
      { message: (name) => `Expected class "${name}" to be BEM: block, block__element, block--modifier` },
    ],
    // index.css names its components as strings, the form yahtzee_site/stylesheet.py joins.
    "import-notation": "string",
    // min-width/max-width media queries: the range syntax needs Safari 16.4, the prefixes do not.
    "media-feature-range-notation": "prefix",
    // The components are ordered by meaning, each file in index.css's cascade: reordering to please this rule would change which rule wins.
    "no-descending-specificity": null,
    // A var()'s fallback may land in calc(), where a bare 0 is not a length.
    "length-zero-no-unit": [true, { ignore: ["custom-properties"], ignoreFunctions: ["var"] }],
    // The visually hidden pattern keeps clip for browsers without clip-path.
    "property-no-deprecated": [true, { ignoreProperties: ["clip"] }],
    // Safari on iOS reads only the prefixed text-size-adjust.
    "property-no-vendor-prefix": [true, { ignoreProperties: ["text-size-adjust"] }],
  },
};
