// The site's words in the page's language, from Django's JavaScript catalogue (/jsi18n/, loaded
// by base.html before the modules). Mark a string with gettext("...") — makemessages -d djangojs
// finds it — and fill it with format(gettext("... %(name)s ..."), {name}). Without the catalogue
// (a test page) the English text is used as it is.

export function gettext(text) {
  return typeof globalThis.gettext === "function" ? globalThis.gettext(text) : text;
}

export function ngettext(singular, plural, count) {
  if (typeof globalThis.ngettext === "function") return globalThis.ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

export function format(text, values) {
  return text.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
