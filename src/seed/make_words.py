"""Writes src/seed/words.txt, the vocabulary `corkboard seed` draws titles, captions and tags from:
the 30,000 most frequent English words of wordfreq, kept when they are alphabetic words of two
letters or more in the Latin script, one `word<TAB>zipf` a line, most frequent first. A word's
Zipf value is log10 of its frequency per billion words; the seed draws each word with a
probability proportional to 10^zipf.

    pip install wordfreq==3.1.1
    python3 src/seed/make_words.py

wordfreq's code is Apache-2.0; its data, and so words.txt, is CC-BY-SA 4.0 (the file's header
says so, and the README credits it).
"""

import unicodedata
from importlib.metadata import version
from pathlib import Path

import wordfreq

TOP = 30_000
OUT = Path(__file__).resolve().parent / "words.txt"


def latin_word(word):
    """Letters only, two or more, each of the Latin script (no digits, apostrophes or Greek)."""
    return len(word) >= 2 and all(
        char.isalpha() and unicodedata.name(char, "").startswith("LATIN") for char in word)


def main():
    words = [word for word in wordfreq.top_n_list("en", TOP) if latin_word(word)]
    lines = [f"# The {TOP:,} most frequent English words of wordfreq {version('wordfreq')} "
             "(Robyn Speer, https://github.com/rspeer/wordfreq, doi:10.5281/zenodo.7199437), "
             "alphabetic ones of 2+ letters, as word<TAB>zipf; data CC-BY-SA 4.0 "
             "(https://creativecommons.org/licenses/by-sa/4.0/). Made by src/seed/make_words.py."]
    lines += [f"{word}\t{wordfreq.zipf_frequency(word, 'en'):.2f}" for word in words]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{len(words)} words written to {OUT}")


if __name__ == "__main__":
    main()
