// localStorage for the MicroPython page controller (common/ui.py).
// A JS exception thrown inside a call from MicroPython escapes its try/except
// (it surfaces as a page error), so a full quota or disabled storage would go
// unreported or stop the page: these wrappers return a value instead.
window.tgStorage = {
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
      return "";
    } catch (err) {
      return String((err && err.name) || "Error") + ": " + String((err && err.message) || err);
    }
  },
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (err) {
      return null;
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch (err) {
      // nothing to remove where storage is off
    }
  },
  keys(prefix) {
    try {
      return Object.keys(window.localStorage).filter((k) => k.startsWith(prefix)).join("\n");
    } catch (err) {
      return "";
    }
  },
  session(key, value) {
    try {
      if (value !== undefined) window.sessionStorage.setItem(key, value);
      return window.sessionStorage.getItem(key);
    } catch (err) {
      return null;
    }
  },
};
