/*
 * The URL form's side of the form-data handshake (docs/workflow.md, "URL forms"). A page
 * that is a flow's URL form loads this script; the portal opens it in a window of its own
 * and, when the user starts the flow, asks it for the data. The page acknowledges at once
 * and answers with its form's fields (name: value), or with what window.atriumFormData()
 * gives when the page defines it (a value or a promise). Only the portal that opened the
 * page is answered: its origin is the script's data-portal-origin, else the page's own.
 */
(function () {
  var script = document.currentScript;
  var portal = (script && script.getAttribute('data-portal-origin')) || location.origin;

  function fields() {
    var form = document.querySelector('form[data-atrium-form]');
    var data = {};
    if (!form) return data;
    new FormData(form).forEach(function (value, name) {
      data[name] = typeof value === 'string' ? value.trim() : value.name;
    });
    return data;
  }

  addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message.type !== 'atrium-form-data-request') return;
    if (event.origin !== portal || event.source !== window.opener) return;
    var reply = function (body) {
      body.id = message.id;
      event.source.postMessage(body, event.origin);
    };
    reply({ type: 'atrium-form-data-ack' });
    Promise.resolve()
      .then(function () {
        return typeof window.atriumFormData === 'function' ? window.atriumFormData() : fields();
      })
      .then(
        function (data) {
          reply({ type: 'atrium-form-data', data: data });
        },
        function (error) {
          reply({ type: 'atrium-form-data', error: String((error && error.message) || error) });
        },
      );
  });
})();
