// The page's own script and styles, kept in the build as text (tsc copies no other file to dist).

export const DOCS_JS = `// Starts Swagger UI on /api/docs (a file of its own: the page's CSP allows no inline script).
(function () {
  var root = document.getElementById('swagger-ui');
  /** The XSRF-TOKEN cookie, echoed on "Try it out" writes made with the session (ADR 0002). */
  function xsrf() {
    var match = document.cookie.match(/(?:^|;\\s*)XSRF-TOKEN=([^;]*)/);
    return match ? decodeURIComponent(match[1]) : null;
  }
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute('data-spec'),
    domNode: root,
    deepLinking: true,
    // Never ask the public validator about our document: the page makes no request elsewhere.
    validatorUrl: null,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    requestInterceptor: function (request) {
      var token = xsrf();
      var headers = request.headers || {};
      if (token && !headers.Authorization && !headers.authorization) headers['X-XSRF-TOKEN'] = token;
      request.headers = headers;
      return request;
    },
  });
})();
`;

export const DOCS_CSS = `/* Swagger UI's own page has a light background only; keep the reference readable at phone width. */
body {
  margin: 0;
  background: #fafafa;
}
.swagger-ui .wrapper {
  padding: 0 16px;
}
.swagger-ui .info .title small pre {
  white-space: normal;
}
`;
