// The /api/docs "Try it" form's script, served by the API (same origin, so helmet's CSP allows it; no inline code).
export const TRY_IT_SCRIPT = `'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('try-it');
  var status = document.getElementById('try-status');
  var output = document.getElementById('try-output');
  if (!form) return;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = new FormData(form);
    var query = String(data.get('query') || '').replace(/^[?]/, '');
    var url = String(data.get('path')) + (query ? '?' + query : '');
    status.textContent = 'Sending GET ' + url + '…';
    output.textContent = '';
    fetch(url, { headers: { Authorization: 'Bearer ' + String(data.get('key') || '').trim() } })
      .then(function (res) {
        return res.text().then(function (text) {
          status.textContent = 'GET ' + url + ' answered ' + res.status;
          try {
            output.textContent = JSON.stringify(JSON.parse(text), null, 2);
          } catch (e) {
            output.textContent = text.slice(0, 20000);
          }
        });
      })
      .catch(function (err) {
        status.textContent = 'The request failed: ' + err.message;
      });
  });
});
`;
