"""Remote seats: `jorvik host` and `jorvik join` over WebSockets (see README, Host and join)."""
