// The longest of a few texts that fits in an input as its placeholder, measured in the input's
// own font, again whenever the input changes size (a phone's header leaves it little room).

import { useLayoutEffect, useState, type RefObject } from 'react';

let canvas: HTMLCanvasElement | null = null;

function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  context.font = font;
  return context.measureText(text).width;
}

/** The first of `texts` (longest first) that fits inside `ref`'s input, else the last one. */
export function useFittingText(ref: RefObject<HTMLInputElement | null>, texts: readonly [string, ...string[]]): string {
  const [text, setText] = useState(texts[0]);
  const key = texts.join('\n');

  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    const fit = () => {
      const style = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      setText(texts.find((candidate) => textWidth(candidate, font) <= room) ?? texts[texts.length - 1] ?? texts[0]);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(input);
    return () => observer.disconnect();
    // `key` stands for `texts`, which callers may build anew at each render.
  }, [ref, key]);

  return text;
}
