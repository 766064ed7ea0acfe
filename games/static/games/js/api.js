// Calls to the REST API from pages: the session cookie plus Django's CSRF header. A refusal's
// message is the server's `detail`, already in the page's language.

import { format, gettext } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.error)) || format(gettext("request failed (%(status)s)"), { status }));
    this.status = status;
    this.code = (body && body.error) || "http_error";
    this.body = body;
  }
}

function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}

export async function api(url, { method = "GET", body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(url, {
      method, headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, { error: "network", detail: gettext("Network error: check your connection.") });
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text.slice(0, 200) };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}
