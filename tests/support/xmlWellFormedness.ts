/**
 * A strict check of XML 1.0 well-formedness (https://www.w3.org/TR/xml/), for the reports the suite
 * writes: every character a legal Char, one root element, tags nested and closed, attribute names
 * unique and values quoted without `<`, only the five predefined entities and character references
 * to legal Chars, no `]]>` in character data, comments without `--`, CDATA sections closed. No DTD
 * is accepted (the reports have none). Lenient parsers (fast-xml-parser's validator, for one) let
 * control characters and undefined entities through, which is what this must catch.
 *
 * @example
 * xmlWellFormedness('<a b="1">x &amp; y</a>') // undefined
 * xmlWellFormedness('<a>\u001b</a>') // 'character U+001B at offset 3 is not allowed in XML 1.0'
 */
export function xmlWellFormedness(xml: string): string | undefined {
  try {
    new XmlScanner(xml).document()
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

const PREDEFINED = new Set(['amp', 'lt', 'gt', 'apos', 'quot'])

function isChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}

function isNameStart(char: string): boolean {
  return /[A-Za-z_:]/.test(char) || (char.codePointAt(0) as number) >= 0xc0
}

function isNameChar(char: string): boolean {
  return isNameStart(char) || /[0-9.\-\u00b7]/.test(char)
}

class XmlScanner {
  private at = 0
  private readonly xml: string
  constructor(xml: string) {
    this.xml = xml
  }

  document(): void {
    for (let i = 0; i < this.xml.length; ) {
      const code = this.xml.codePointAt(i) as number
      // A lone surrogate reads as its own code unit, which is not a Char.
      if (!isChar(code))
        throw new Error(
          `character U+${code.toString(16).toUpperCase().padStart(4, '0')} at offset ${i} is not allowed in XML 1.0`,
        )
      i += code > 0xffff ? 2 : 1
    }
    if (this.xml.startsWith('<?xml')) this.processingInstruction()
    this.misc()
    if (!this.xml.startsWith('<', this.at) || this.xml.startsWith('<!', this.at)) this.fail('a root element')
    this.element()
    this.misc()
    if (this.at !== this.xml.length) this.fail('the end of the document after the root element')
  }

  private fail(expected: string): never {
    throw new Error(
      `expected ${expected} at offset ${this.at}: ${JSON.stringify(this.xml.slice(this.at, this.at + 30))}`,
    )
  }

  private misc(): void {
    for (;;) {
      this.spaces()
      if (this.xml.startsWith('<!--', this.at)) this.comment()
      else if (this.xml.startsWith('<?', this.at)) this.processingInstruction()
      else return
    }
  }

  private spaces(): boolean {
    const start = this.at
    while (/[ \t\r\n]/.test(this.xml[this.at] ?? '')) this.at++
    return this.at > start
  }

  private name(): string {
    const start = this.at
    if (!isNameStart(this.xml[this.at] ?? '')) this.fail('a name')
    while (this.at < this.xml.length && isNameChar(this.xml[this.at] as string)) this.at++
    return this.xml.slice(start, this.at)
  }

  private expect(text: string): void {
    if (!this.xml.startsWith(text, this.at)) this.fail(JSON.stringify(text))
    this.at += text.length
  }

  private comment(): void {
    this.expect('<!--')
    const end = this.xml.indexOf('--', this.at)
    if (end < 0 || this.xml[end + 2] !== '>') this.fail('a comment without -- that ends in -->')
    this.at = end + 3
  }

  private processingInstruction(): void {
    this.expect('<?')
    this.name()
    const end = this.xml.indexOf('?>', this.at)
    if (end < 0) this.fail('?>')
    this.at = end + 2
  }

  private element(): void {
    this.expect('<')
    const tag = this.name()
    const attributes = new Set<string>()
    for (;;) {
      const spaced = this.spaces()
      if (this.xml.startsWith('/>', this.at)) {
        this.at += 2
        return
      }
      if (this.xml[this.at] === '>') {
        this.at++
        break
      }
      if (!spaced) this.fail('a space before an attribute')
      const attribute = this.name()
      if (attributes.has(attribute)) this.fail(`attribute ${attribute} only once`)
      attributes.add(attribute)
      this.spaces()
      this.expect('=')
      this.spaces()
      this.attributeValue()
    }
    this.content()
    this.expect('</')
    const closing = this.name()
    if (closing !== tag) this.fail(`</${tag}>, not </${closing}>`)
    this.spaces()
    this.expect('>')
  }

  private attributeValue(): void {
    const quote = this.xml[this.at]
    if (quote !== '"' && quote !== "'") this.fail('a quoted attribute value')
    this.at++
    while (this.xml[this.at] !== quote) {
      const char = this.xml[this.at]
      if (char === undefined) this.fail('the closing quote')
      if (char === '<') this.fail('no < in an attribute value')
      if (char === '&') this.reference()
      else this.at++
    }
    this.at++
  }

  private reference(): void {
    this.expect('&')
    const end = this.xml.indexOf(';', this.at)
    if (end < 0) this.fail('a reference ending in ;')
    const body = this.xml.slice(this.at, end)
    const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(body)
    if (numeric) {
      const code = numeric[1] ? Number.parseInt(numeric[1], 16) : Number(numeric[2])
      if (!isChar(code)) this.fail(`a reference to a legal character, not &${body};`)
    } else if (!PREDEFINED.has(body)) {
      this.fail(`a predefined entity, not &${body};`)
    }
    this.at = end + 1
  }

  private content(): void {
    for (;;) {
      if (this.xml.startsWith('</', this.at)) return
      if (this.at >= this.xml.length) this.fail('a closing tag')
      if (this.xml.startsWith('<!--', this.at)) this.comment()
      else if (this.xml.startsWith('<![CDATA[', this.at)) {
        const end = this.xml.indexOf(']]>', this.at)
        if (end < 0) this.fail(']]> closing the CDATA section')
        this.at = end + 3
      } else if (this.xml.startsWith('<?', this.at)) this.processingInstruction()
      else if (this.xml[this.at] === '<') this.element()
      else if (this.xml[this.at] === '&') this.reference()
      else if (this.xml.startsWith(']]>', this.at)) this.fail('no ]]> in character data')
      else this.at++
    }
  }
}
