# Cloudflare's Python Workers SDK (workers-runtime-sdk 1.9.5): only what src/entry.py uses.
from http import HTTPStatus
from typing import Any

from js import Request as JsRequest
from js import WebSocket

class Request:
    js_object: JsRequest

class Response:
    def __init__(
        self,
        body: str | bytes | None = None,
        status: HTTPStatus | int | None = None,
        status_text: str = "",
        headers: dict[str, str] | None = None,
        web_socket: WebSocket | None = None,
    ) -> None: ...
    @staticmethod
    def from_json(
        data: str | dict[str, Any] | list[Any],
        status: HTTPStatus | int = ...,
        status_text: str = "",
        headers: dict[str, str] | None = None,
    ) -> Response: ...

class WorkerEntrypoint:
    ctx: Any
    env: Any
    def __init__(self, ctx: Any, env: Any) -> None: ...

class DurableObject:
    ctx: Any
    env: Any
    def __init__(self, ctx: Any, env: Any) -> None: ...
