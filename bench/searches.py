"""The bench's searches, drawn from the seeded pins' own text: a sample of pins read through the
API as a visitor (so every query finds something), then, from each pin, one, two and three of
its words, common ones and rare ones apart, one of its tags, and the first two or three letters
of a tag for suggestions. A word is common when at least 1% of the sampled pins hold it, and
rare when only the one pin it was drawn from does; which words those are is the data's, not the
bench's, choice."""

import json
import random
import re
import urllib.error
import urllib.request

# Runs of letters and digits, as the search's tokenizer (Tantivy's SimpleTokenizer) splits text.
WORD = re.compile(r"[^\W_]+")
# Pins looked up in one request, each under an alias.
BATCH = 50
COMMON_SHARE = 0.01
COUNTS = {1: "one word", 2: "two words", 3: "three words"}


def sample_pins(server, count, seed=1):
    """The id, title, caption and tags of up to `count` pins a visitor may see, of ids drawn at random
    below the newest pin's (ids the visitor may not see, or gone, are skipped)."""
    newest, _ = server.graphql("{ pins(first: 1) { edges { node { id } } } }")
    edges = newest["pins"]["edges"]
    if not edges:
        return []
    ids = list(range(1, int(edges[0]["node"]["id"]) + 1))
    random.Random(seed).shuffle(ids)
    pins = []
    while ids and len(pins) < count:
        batch, ids = ids[:BATCH], ids[BATCH:]
        fields = " ".join(f'p{id}: pin(id: "{id}") {{ id title caption tags }}' for id in batch)
        pins += [pin for pin in visitor_query(server, "{ " + fields + " }").values() if pin]
    return pins[:count]


def visitor_query(server, query):
    """The data of a visitor's query, errors (pins not found) left out."""
    body = json.dumps({"query": query}).encode()
    request = urllib.request.Request(f"{server.base}/api/graphql", data=body,
                                     headers={"Content-Type": "application/json", "Origin": server.base})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read()).get("data") or {}


def words_of(pin):
    """The distinct words of a pin's title, caption and tags, lowercased, in order."""
    text = " ".join([pin["title"] or "", pin["caption"] or "", *pin["tags"]])
    return list(dict.fromkeys(word.lower() for word in WORD.findall(text)))


def draw(pins, seed=1):
    """The query lists of the sampled `pins`: {("text", words, "common" | "rare"): [query, ...],
    ("tag",): [tag, ...], ("prefix",): [two or three letters, ...], ("pin",): [id, ...]}, each
    query from one pin."""
    draw = random.Random(seed)
    texts = [words_of(pin) for pin in pins]
    held = {}
    for words in texts:
        for word in words:
            held[word] = held.get(word, 0) + 1
    common_from = max(2, COMMON_SHARE * len(pins))
    queries = {("text", n, kind): [] for n in COUNTS for kind in ("common", "rare")}
    queries[("tag",)], queries[("prefix",)] = [], []
    queries[("pin",)] = [pin["id"] for pin in pins]
    for pin, words in zip(pins, texts):
        kinds = {"common": [word for word in words if held[word] >= common_from],
                 "rare": [word for word in words if held[word] == 1]}
        for (_, n, kind), listed in ((key, listed) for key, listed in queries.items() if key[0] == "text"):
            if len(kinds[kind]) >= n:
                listed.append(" ".join(draw.sample(kinds[kind], n)))
        tags = [tag for tag in pin["tags"] if WORD.fullmatch(tag)]
        if tags:
            tag = draw.choice(tags)
            queries[("tag",)].append(tag)
            queries[("prefix",)].append(tag[:draw.choice((2, 3))])
    return queries


def examples(queries, count=4):
    """A few queries of each list, for the report: {name: [query, ...]}."""
    return {name_of(key): listed[:count] for key, listed in queries.items()}


def name_of(key):
    if key[0] == "text":
        return f"{COUNTS[key[1]]}, {key[2]}"
    return {"tag": "tags", "prefix": "tag prefixes", "pin": "pins (More like this)"}[key[0]]
