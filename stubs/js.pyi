# The JavaScript globals of workerd, as Pyodide exposes them (`import js`): only what
# src/entry.py uses. Instances are JsProxy objects at run time.
from pyodide.ffi import JsNull, JsProxy

class WebSocket(JsProxy):
    def send(self, message: str) -> None: ...
    def close(self, code: int, reason: str) -> None: ...
    # Survives hibernation; workerd clones it (a str here: a dict is refused).
    def serializeAttachment(self, value: str) -> None: ...
    def deserializeAttachment(self) -> str | JsNull: ...

class WebSocketPair(JsProxy):
    @staticmethod
    def new() -> WebSocketPair: ...
    # The pair's two ends, (client, server), as `Object.values(pair)` gives them.
    def object_values(self) -> tuple[WebSocket, WebSocket]: ...

class WebSocketRequestResponsePair(JsProxy):
    @staticmethod
    def new(request: str, response: str) -> WebSocketRequestResponsePair: ...

class Headers(JsProxy):
    def get(self, name: str) -> str | JsNull | None: ...

class Request(JsProxy):
    url: str
    method: str
    headers: Headers
