/**
 * Known XSS payloads in the shapes a blog post can carry them: Markdown links and images, raw
 * HTML, encoded and obfuscated schemes. Each tries to call `alert` or set `window.__xss`.
 * Used by the unit test (jsdom) and the Chromium test, which checks that nothing runs.
 */
export const XSS_PAYLOADS: readonly string[] = [
  "[click](javascript:window.__xss=1)",
  "[click](JaVaScRiPt:alert(1))",
  "[click](javascript&#58;alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[click](java\tscript:alert(1))",
  "[vb](vbscript:msgbox(1))",
  "[file](file:///etc/passwd)",
  "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "[ref link][x]\n\n[x]: javascript:alert(1)",
  "<script>window.__xss=1</script>",
  '<img src="x" onerror="window.__xss=1">',
  '<a href="javascript:window.__xss=1">raw link</a>',
  '<a href=" &#x6A;avascript:alert(1)">entity link</a>',
  "<svg><script>window.__xss=1</script></svg>",
  '<svg onload="window.__xss=1"></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<details open ontoggle="window.__xss=1">x</details>',
  '<body onload="window.__xss=1">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<div style="background:url(javascript:window.__xss=1)">styled</div>',
  '<a href="data:text/html,<script>alert(1)</script>">data link</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:alert(1)//">',
  '<video><source onerror="window.__xss=1"></video>',
  '<input autofocus onfocus="window.__xss=1">',
];

/** One Markdown document with every payload, and safe content that must survive. */
export const HOSTILE_MARKDOWN = [
  "# Hostile post",
  "A [safe link](https://example.com/page) and an image ![pixel](data:image/png;base64,iVBORw0KGgo=).",
  "<p><strong>Raw HTML is allowed</strong></p>",
  ...XSS_PAYLOADS,
].join("\n\n");
