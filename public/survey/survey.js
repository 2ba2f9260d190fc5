/*
 * The customer survey (doc2 §7 Other: 'A customer-survey script is loaded from the product's own origin'), served by
 * the product itself from the built front end (vite copies public/ to dist/). It is loaded by the one third-party
 * loader (engine/third-party, rules/scripts.json `survey`) only when the configuration's customerSurvey flag is on,
 * with up to 3 retries 1500 ms apart (doc2 §9 'Survey restart delay'). This sandbox build's survey shows nothing: it
 * records that it is ready, where an operator's survey tool would attach, and tells the page once.
 */
(function () {
  if (window.customerSurvey && window.customerSurvey.ready) return;
  window.customerSurvey = { ready: true, loadedAt: Date.now() };
  window.dispatchEvent(new CustomEvent('customer-survey:ready'));
})();
