"""The self-host (`undercover serve`): Starlette + uvicorn around the shared room loop.

options.py  the command line and what it sets
server.py   what the routes share: live rooms, clocks, rate limiters
rooms.py    the live rooms of this process: one runner each, resumed from disk on demand
http.py     the API, the share QR code and the client's files
sockets.py  WebSockets: the door at the upgrade, then the frames to the room
app.py      the ASGI application and the process (uvicorn) that runs it
"""
