// The app's code for a page the server rendered (decision 0043), asked for once the page has had
// its first paint: on a slow network it would otherwise share the bandwidth with the page's HTML
// and CSS and hold that paint back. A page that is not painted (a tab in the background) starts
// after a few seconds anyway. A classic script, so it knows its own tag and needs no inline code.
const entry = document.currentScript?.dataset.entry
let started = false
function start() {
  if (started || !entry) return
  started = true
  import(entry)
}
new PerformanceObserver((paints) => {
  if (paints.getEntriesByName('first-contentful-paint').length > 0) start()
}).observe({ type: 'paint', buffered: true })
setTimeout(start, 3000)
