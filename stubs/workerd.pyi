"""The workerd objects src/entry.py is handed (its `env` bindings, a Durable Object's state,
the SQL cursor): only the part entry.py uses. Typing only: no such module exists at run time,
so entry.py imports it under TYPE_CHECKING."""

from collections.abc import Awaitable, Iterable
from typing import Any, Protocol

from js import Request as JsRequest
from js import WebSocket, WebSocketRequestResponsePair
from pyodide.ffi import JsNull, JsProxy

class SqlCursor(Protocol):
    def toArray(self) -> JsProxy | list[dict[str, Any]]: ...  # a JsProxy on the raw path

class SqlStorage(Protocol):
    def exec(self, query: str, /, *bindings: object) -> SqlCursor: ...

class Storage(Protocol):
    sql: SqlStorage

    # Applied when called on SQLite storage; the promise need not be awaited.
    def setAlarm(self, epoch_ms: int) -> Awaitable[None]: ...
    def deleteAlarm(self) -> Awaitable[None]: ...
    async def deleteAll(self) -> None: ...

class JsDate(Protocol):
    def getTime(self) -> float: ...  # epoch milliseconds

class State(Protocol):  # a Durable Object's DurableObjectState
    storage: Storage
    id: object  # a DurableObjectId; `name` is set when the stub was got by name

    def acceptWebSocket(self, ws: WebSocket, tags: JsProxy) -> None: ...
    def getWebSockets(self) -> Iterable[WebSocket]: ...
    def setWebSocketAutoResponse(self, pair: WebSocketRequestResponsePair) -> None: ...
    # When the runtime last answered the socket's ping (null if never), without waking us.
    def getWebSocketAutoResponseTimestamp(self, ws: WebSocket) -> JsDate | JsNull | None: ...

class LimitOutcome(Protocol):
    success: bool

class RateLimit(Protocol):  # a rate-limiting binding
    async def limit(self, options: dict[str, str]) -> LimitOutcome: ...

class RoomStub(Protocol):  # a GameRoom, reached by RPC (its methods below)
    async def create_room(self, code: str, key: str) -> bool: ...
    async def has_pass(self, key: str) -> bool: ...
    async def summary(self, key: str) -> str: ...
    async def fetch(self, request: JsRequest) -> JsProxy: ...

class RoomNamespace(Protocol):
    def getByName(self, name: str) -> RoomStub: ...

class Env(Protocol):  # the bindings of wrangler.toml
    ROOMS: RoomNamespace
    CREATE_LIMITER: RateLimit
    LOOKUP_LIMITER: RateLimit
