"""The room websocket's messages, both ways, typed once (docs/protocol.md).

``requests``: what a client sends, decoded and checked at the consumer's edge;
``state``, ``events`` and ``messages``: what the server sends (the ``state``, its
``patch`` operations, the events, ``ack``, ``error``, ``pong``, ``hint``); ``errors``:
every error code a socket can carry; ``schema``: docs/protocol.schema.json made from
all of them (``python -m common.protocol.schema``).
"""
