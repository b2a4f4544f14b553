// The app's code for a page the server rendered (decision 0043), asked for once the page has been
// painted: on a slow network it would otherwise share the bandwidth with the page's HTML and CSS
// and hold back its first paint. A classic script, so it knows its own tag and needs no inline code.
const entry = document.currentScript?.dataset.entry
if (entry) requestAnimationFrame(() => setTimeout(() => import(entry)))
