/* A ruleset in a link: UTF-8 text, deflated (the browser's CompressionStream) and
 * written in base64url after "#r=".  The fragment is never sent to a server.
 * Both directions are bounded: a link longer than MAX_LINK characters is not made
 * (the message says why, in the page's language: words.js), and a link whose text inflates
 * past MAX_TEXT bytes is refused. */

import { say } from "./words.js";

export const SHARE_PREFIX = "r=";
export const MAX_LINK = 8000; // characters after "#r=": what chat programs and mail keep whole
export const MAX_TEXT = 256 * 1024; // bytes of ruleset text a link may open

async function pump(stream, limit) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function encodeShare(source) {
  const bytes = new TextEncoder().encode(source);
  const packed = await pump(new Blob([bytes]).stream()
    .pipeThrough(new CompressionStream("deflate-raw")), Infinity);
  const text = toBase64Url(packed);
  if (text.length > MAX_LINK) {
    return { error: say("link-too-long", { size: text.length, most: MAX_LINK }) };
  }
  return { text };
}

export async function decodeShare(fragment) {
  const damaged = { error: say("link-damaged") };
  if (fragment.length > MAX_LINK) {
    return { error: say("link-refused", { size: fragment.length, most: MAX_LINK }) };
  }
  try {
    const bytes = await pump(new Blob([fromBase64Url(fragment)]).stream()
      .pipeThrough(new DecompressionStream("deflate-raw")), MAX_TEXT);
    if (bytes === null) {
      return { error: say("link-large", { kb: MAX_TEXT / 1024 }) };
    }
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return damaged;
  }
}
