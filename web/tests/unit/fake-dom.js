// A tiny stand-in for the DOM (node has none), for the tests of views: what matters is which
// elements, attributes and text the client makes. Not a test file itself (node --test runs only
// *.test.js here).

export class FakeNode {
  constructor(tag, ns = null) {
    this.tagName = tag;
    this.namespaceURI = ns;
    this.attributes = {};
    this.children = [];
    this.dataset = {};
    this.style = { props: {}, setProperty: (k, v) => { this.style.props[k] = v; } };
  }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  getAttribute(k) { return this.attributes[k] ?? null; }
  addEventListener() {}
  appendChild(c) { this.children.push(c); return c; }
  get firstChild() { return this.children[0] ?? null; }
  removeChild(c) { this.children = this.children.filter((x) => x !== c); }
  get textContent() { return this.children.map((c) => (typeof c.text === 'string' ? c.text : c.textContent)).join(''); }
  /** Every element below, depth first. */
  all() { return this.children.flatMap((c) => (c instanceof FakeNode ? [c, ...c.all()] : [])); }
}

/** Gives node a `document` that makes {@link FakeNode}s; import the views after calling it. */
export function installFakeDom() {
  globalThis.document = {
    createElement: (tag) => new FakeNode(tag),
    createElementNS: (ns, tag) => new FakeNode(tag, ns),
    createTextNode: (text) => ({ text }),
  };
}
