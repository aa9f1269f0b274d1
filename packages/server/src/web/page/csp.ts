/**
 * xterm.js 6 draws its terminal with the DOM and styles it two ways a strict
 * Content-Security-Policy refuses (no `'unsafe-inline'` in `style-src`): `<style>` elements it
 * fills through `textContent` (its theme and the cell grid's dimensions), and
 * `setAttribute('style', …)` on cells in 24-bit colour. Both are rerouted through the CSSOM,
 * which the policy does not govern: a `<style>` element's text becomes a constructed
 * stylesheet adopted by the document (the element itself stays empty — the policy allows the
 * empty one by its hash), and a `style` attribute becomes `element.style.cssText`. What is drawn
 * is the same; nothing the page did not write itself is ever styled this way.
 *
 * Must run before xterm.js creates its first terminal.
 */
export function routeStylesThroughCssom(): void {
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tag: string, options?: ElementCreationOptions): HTMLElement {
    const el = createElement.call(this, tag, options);
    if (tag.toLowerCase() === 'style') adopt(el as HTMLStyleElement, this);
    return el;
  } as typeof Document.prototype.createElement;

  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string): void {
    if (name.toLowerCase() === 'style' && this instanceof HTMLElement) {
      this.style.cssText = value;
      return;
    }
    setAttribute.call(this, name, value);
  };
}

/** Makes `el`'s text a stylesheet of `doc`'s, for as long as the element is not removed. */
function adopt(el: HTMLStyleElement, doc: Document): void {
  const sheet = new CSSStyleSheet();
  let text = '';
  Object.defineProperty(el, 'textContent', {
    configurable: true,
    get: () => text,
    set: (value: unknown) => {
      text = value == null ? '' : String(value);
      sheet.replaceSync(text);
    },
  });
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  const remove = el.remove.bind(el);
  el.remove = () => {
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    remove();
  };
}
