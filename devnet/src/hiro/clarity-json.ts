import { ClarityType, type ClarityValue, cvToHex, hexToCV } from "@stacks/transactions";

/** `{hex, repr}` as the Hiro API reports Clarity values. */
export interface ClarityJson {
  readonly hex: string;
  readonly repr: string;
}

function escapeAscii(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '"') out += '\\"';
    else if (char === "\\") out += "\\\\";
    else if (char === "\n") out += "\\n";
    else if (char === "\t") out += "\\t";
    else if (char === "\r") out += "\\r";
    else if (code < 0x20 || code > 0x7e) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return out;
}

function escapeUtf8(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    out += code > 0x7e || code < 0x20 ? `\\u{${code.toString(16)}}` : escapeAscii(char);
  }
  return out;
}

/** Clarity's own notation of a value (`u100`, `'ST….usdc`, `(some 0x…)`), as in Hiro's `repr`. */
export function clarityRepr(value: ClarityValue): string {
  switch (value.type) {
    case ClarityType.Int:
      return BigInt(value.value).toString();
    case ClarityType.UInt:
      return `u${BigInt(value.value).toString()}`;
    case ClarityType.Buffer:
      return `0x${value.value}`;
    case ClarityType.BoolTrue:
      return "true";
    case ClarityType.BoolFalse:
      return "false";
    case ClarityType.PrincipalStandard:
    case ClarityType.PrincipalContract:
      return `'${value.value}`;
    case ClarityType.ResponseOk:
      return `(ok ${clarityRepr(value.value)})`;
    case ClarityType.ResponseErr:
      return `(err ${clarityRepr(value.value)})`;
    case ClarityType.OptionalNone:
      return "none";
    case ClarityType.OptionalSome:
      return `(some ${clarityRepr(value.value)})`;
    case ClarityType.List:
      return `(list ${value.value.map(clarityRepr).join(" ")})`;
    case ClarityType.Tuple:
      return `(tuple ${Object.keys(value.value)
        .sort()
        .map((key) => `(${key} ${clarityRepr(value.value[key] as ClarityValue)})`)
        .join(" ")})`;
    case ClarityType.StringASCII:
      return `"${escapeAscii(value.value)}"`;
    case ClarityType.StringUTF8:
      return `u"${escapeUtf8(value.value)}"`;
  }
}

function withPrefix(hex: string): string {
  return hex.startsWith("0x") ? hex : `0x${hex}`;
}

export function clarityJson(value: ClarityValue): ClarityJson {
  return { hex: withPrefix(cvToHex(value)), repr: clarityRepr(value) };
}

export function clarityJsonFromHex(hex: string): ClarityJson {
  return { hex: withPrefix(hex), repr: clarityRepr(hexToCV(hex)) };
}
