// A small offline GraphQL IDE for development: no external URLs, no inline script or style, so it works
// without the internet and under a strict Content-Security-Policy (script-src 'self'; style-src 'self').

export const IDE_SCRIPT_PATH = '/graphql/ide.js';
export const IDE_STYLE_PATH = '/graphql/ide.css';

const SAMPLE_QUERY = `query Collection($first: Int) {
  products(first: $first, sort: PRICE_ASC) {
    totalCount
    nodes { id name price category type }
    pageInfo { hasNextPage endCursor }
  }
}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const IDE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Store GraphQL</title>
<link rel="stylesheet" href="${IDE_STYLE_PATH}">
<script type="module" src="${IDE_SCRIPT_PATH}"></script>
</head>
<body>
<main>
<h1>Store GraphQL</h1>
<label for="query">Query</label>
<textarea id="query" spellcheck="false" rows="14">${escapeHtml(SAMPLE_QUERY)}</textarea>
<label for="variables">Variables (JSON)</label>
<textarea id="variables" spellcheck="false" rows="3">{ "first": 5 }</textarea>
<label for="token">Bearer token (optional)</label>
<input id="token" type="text" autocomplete="off" spellcheck="false">
<button id="run" type="button">Run</button>
<pre id="result" aria-live="polite"></pre>
</main>
</body>
</html>
`;

export const IDE_CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#fafafa;color:#111}
main{max-width:960px;margin:0 auto;padding:1rem;display:flex;flex-direction:column;gap:.4rem}
textarea,input,pre{font:13px/1.4 ui-monospace,monospace;border:1px solid #ccc;border-radius:4px;padding:.5rem;background:#fff}
button{align-self:flex-start;padding:.4rem 1.2rem;font-weight:600;cursor:pointer}
pre{min-height:8rem;white-space:pre-wrap;overflow:auto}
`;

export const IDE_JS = `const $ = (id) => document.getElementById(id);
async function run() {
  const result = $('result');
  let variables;
  try {
    variables = $('variables').value.trim() === '' ? undefined : JSON.parse($('variables').value);
  } catch (error) {
    result.textContent = 'Variables are not valid JSON: ' + error.message;
    return;
  }
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const token = $('token').value.trim();
  if (token !== '') headers.authorization = 'Bearer ' + token;
  result.textContent = '…';
  try {
    const response = await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query: $('query').value, variables }) });
    const text = await response.text();
    try {
      result.textContent = response.status + '\\n' + JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      result.textContent = response.status + '\\n' + text;
    }
  } catch (error) {
    result.textContent = 'Request failed: ' + error.message;
  }
}
$('run').addEventListener('click', run);
document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') run();
});
`;
