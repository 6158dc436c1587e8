"""Pack files kept as loaded, so a command that only reads the packs parses no YAML when
nothing changed.

Loading a pack file (``drill.packs.loader``) depends on nothing but the file's bytes, its
path and the name messages show it by, and drill's loading code: the loader reads no
catalog, no settings and no other file. The key of an entry is a hash of all of these, so
an edited pack, a new drill or a moved file makes a new key and the old entry is never
read again. An entry is JSON, written whole (to a temporary file, then renamed). One that
cannot be read, is of another format, holds another key than its name says, or does not
decode into exactly the model's types is ignored and the file loaded again, never
trusted; a missing or read-only cache folder only costs speed.

Decoding builds the model's frozen dataclasses field by field from their type hints (no
code is run from the entry, and nothing but the model's own types can come out of it).
The folder is ``drill/packs`` in the user cache folder; ``drill cache clear`` empties it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import drill
from drill.config.cache_files import cache_folder, write_whole
from drill.config.cache_files import clear as clear_folder

if TYPE_CHECKING:
    from drill.packs.load_result import LoadResult

#: Bumped when the entry format changes.
FORMAT = 1
#: A pack file larger than this is never kept: the loader refuses it with its own message.
_LARGEST = 8 << 20

Decoder = Callable[[Any], Any]


class _Undecodable(ValueError):
    """An entry that does not hold exactly what the model's types allow."""


def cache_dir() -> Path:
    return cache_folder("packs")


def load_pack_kept(path: Path, display: str, folder: Path | None = None) -> LoadResult:
    """:func:`drill.packs.loader.load_pack`, read from the cache when the same file was
    loaded before by the same code (then no YAML is parsed), else loaded and kept."""
    try:
        with path.open("rb") as stream:
            data = stream.read(_LARGEST + 1)
    except OSError:
        data = None
    if data is None or len(data) > _LARGEST:
        return _load(path, display)  # the loader says what is wrong with the file
    folder = cache_dir() if folder is None else folder
    key = entry_key(path, display, data)
    entry = folder / f"{key}.json"
    kept = _read(entry, key)
    if kept is not None:
        return kept
    loaded = _load(path, display)
    _write(entry, key, loaded)
    return loaded


def _load(path: Path, display: str) -> LoadResult:
    from drill.packs.loader import load_pack  # YAML and the readers load only on a miss

    return load_pack(path, display)


def entry_key(path: Path, display: str, data: bytes) -> str:
    digest = hashlib.sha256(code_fingerprint().encode())
    for part in (str(path).encode("utf-8", "surrogateescape"),
                 display.encode("utf-8", "surrogateescape"), data):
        digest.update(len(part).to_bytes(8, "big"))  # so no two splits hash alike
        digest.update(part)
    return digest.hexdigest()[:40]


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """drill's version and its loading code (every module of ``drill.packs``)."""
    package = Path(__file__).resolve().parent
    digest = hashlib.sha256(f"{drill.__version__}:{FORMAT}".encode())
    for source in sorted(package.glob("*.py")):
        digest.update(source.name.encode())
        try:
            digest.update(source.read_bytes())
        except OSError:
            digest.update(b"?")
    return digest.hexdigest()


def clear(folder: Path | None = None) -> int:
    """Remove every entry; the number removed."""
    return clear_folder(cache_dir() if folder is None else folder)


def _write(path: Path, key: str, loaded: LoadResult) -> None:
    try:
        # ASCII, so a file name's undecodable bytes (kept as lone surrogates) survive.
        text = json.dumps({"format": FORMAT, "key": key, "loaded": _encode(loaded)})
    except (TypeError, ValueError):
        return  # a result that cannot be written down is simply loaded again next time
    write_whole(path, text)


def _read(path: Path, key: str) -> LoadResult | None:
    from drill.packs.load_result import LoadResult

    try:
        data = json.loads(path.read_text(encoding="ascii"))
        if data["format"] != FORMAT or data["key"] != key:
            return None  # another version's, or a file under the wrong name
        loaded = _decoder(LoadResult)(data["loaded"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None  # missing, damaged or foreign: load the file again
    return loaded if isinstance(loaded, LoadResult) else None


def _encode(value: Any) -> Any:
    """A model value as JSON: a dataclass as a list of its fields in order, a tuple or
    list as a list, a mapping as a list of pairs (keys need not be text), a path as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [_encode(getattr(value, f.name)) for f in dataclasses.fields(value)]
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    if isinstance(value, dict):
        return [[_encode(k), _encode(v)] for k, v in value.items()]
    if isinstance(value, Path):
        return str(value)
    if value is None or isinstance(value, str | int | float):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__}")


@cache
def _decoder(hint: Any) -> Decoder:
    """A function turning the JSON of :func:`_encode` back into a value of type ``hint``,
    refusing anything else with :class:`_Undecodable`."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_decoder(a) for a in arguments if a is not type(None)]
        optional = type(None) in arguments
        return _union_decoder(options, optional)
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            each = _decoder(arguments[0])
            return lambda data: tuple([each(item) for item in _list(data)])
        parts = [_decoder(a) for a in arguments]
        return lambda data: tuple([part(item) for part, item in
                                   zip(parts, _list(data, len(parts)), strict=True)])
    if origin is dict:
        key, value = (_decoder(a) for a in arguments)
        return lambda data: {key(k): value(v) for k, v in (_list(pair, 2) for pair in
                                                           _list(data))}
    if hint is Path:
        return lambda data: Path(data) if type(data) is str else _refuse(data)
    if hint in (str, bool, int):  # exactly: True is no int here, 1 no bool
        return lambda data: data if type(data) is hint else _refuse(data)
    if hint is float:
        return lambda data: float(data) if type(data) in (int, float) else _refuse(data)
    raise TypeError(f"the model has a field of a type the cache cannot keep: {hint!r}")


def _dataclass_decoder(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    if not all(field.init for field in fields):
        raise TypeError(f"{cls.__name__} has a field its constructor does not take")
    decoders = [_decoder(hints[field.name]) for field in fields]
    count = len(decoders)

    def decode(data: Any) -> Any:
        if type(data) is not list or len(data) != count:
            _refuse(data)
        return cls(*[decode_field(value)  # lengths checked just above
                     for decode_field, value in zip(decoders, data, strict=True)])

    return decode


def _union_decoder(options: list[Decoder], optional: bool) -> Decoder:
    def decode(data: Any) -> Any:
        if data is None and optional:
            return None
        for option in options:
            try:
                return option(data)
            except _Undecodable:
                continue
        return _refuse(data)

    return decode


def _list(data: Any, length: int | None = None) -> list[Any]:
    if type(data) is not list or (length is not None and len(data) != length):
        _refuse(data)
    return typing.cast(list[Any], data)


def _refuse(data: Any) -> Any:
    raise _Undecodable(f"not a value of the model: {type(data).__name__}")
