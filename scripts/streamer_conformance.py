"""schwab-py's StreamClient against schwab-fake: logs in to the fake's Streamer, subscribes ACCT_ACTIVITY,
places a MARKET order and a resting LIMIT through the fake's REST API, cancels the LIMIT, and fails unless
the account-activity events of both orders arrive (created and filled; created and cancelled).

It starts nothing: it is given the fake's base URL and a file holding the token answer of the fake's OAuth
token endpoint. schwab-py sends every REST call to https://api.schwabapi.com; an httpx request hook
sends them to the fake instead (the Streamer's address comes from the fake's userPreference).

Usage: python streamer_conformance.py BASE_URL TOKEN_FILE APP_KEY APP_SECRET
"""

import asyncio
import json
import sys
import time

import httpx
import schwab
from schwab.orders.equities import equity_buy_limit, equity_buy_market
from schwab.streaming import StreamClient

# Longest wait for all expected events.
EVENT_DEADLINE_SECONDS = 30


def client_for(base_url, token_file, app_key, app_secret):
    with open(token_file, encoding="utf-8") as f:
        token = json.load(f)
    wrapped = {"creation_timestamp": int(time.time()), "token": token}
    client = schwab.auth.client_from_access_functions(
        app_key, app_secret, lambda: wrapped, lambda *args, **kwargs: None
    )
    fake = httpx.URL(base_url)

    def to_fake(request):
        if request.url.host == "api.schwabapi.com":
            request.url = request.url.copy_with(scheme=fake.scheme, host=fake.host, port=fake.port)
            request.headers["Host"] = fake.netloc.decode("ascii")

    client.session.event_hooks["request"].append(to_fake)
    return client


def order_id(answer):
    """The order id: the last path segment of the Location header, as at Schwab."""
    location = answer.headers.get("Location")
    assert location, "an order answered without a Location header"
    return location.rstrip("/").rsplit("/", 1)[1]


async def run(base_url, token_file, app_key, app_secret):
    client = client_for(base_url, token_file, app_key, app_secret)
    numbers = client.get_account_numbers()
    numbers.raise_for_status()
    account = numbers.json()[0]
    number, account_hash = account["accountNumber"], account["hashValue"]

    stream = StreamClient(client, account_id=int(number))
    seen = []
    stream.add_account_activity_handler(seen.append)
    await stream.login()
    await stream.account_activity_sub()

    placed = client.place_order(account_hash, equity_buy_market("AAPL", 1))
    assert placed.status_code == 201, f"MARKET order answered {placed.status_code}: {placed.text}"
    market_id = order_id(placed)
    resting = client.place_order(account_hash, equity_buy_limit("AAPL", 1, "1.00"))
    assert resting.status_code == 201, f"LIMIT order answered {resting.status_code}: {resting.text}"
    limit_id = order_id(resting)
    canceled = client.cancel_order(limit_id, account_hash)
    assert canceled.status_code == 200, f"cancel answered {canceled.status_code}: {canceled.text}"

    wanted = {
        (market_id, "OrderCreated"),
        (market_id, "OrderFillCompleted"),
        (limit_id, "OrderCreated"),
        (limit_id, "CancelAccepted"),
        (limit_id, "OrderUROutCompleted"),
    }
    got = set()
    deadline = time.monotonic() + EVENT_DEADLINE_SECONDS
    while not wanted <= got:
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit(f"events missing after {EVENT_DEADLINE_SECONDS} s: {sorted(wanted - got)}")
        try:
            await asyncio.wait_for(stream.handle_message(), timeout=left)
        except asyncio.TimeoutError:
            raise SystemExit(f"events missing after {EVENT_DEADLINE_SECONDS} s: {sorted(wanted - got)}")
        for message in seen:
            for item in message["content"]:
                if item.get("MESSAGE_TYPE") in (None, "SUBSCRIBED"):
                    continue
                assert item["ACCOUNT"] == number, f"event of account {item['ACCOUNT']}, expected {number}"
                payload = json.loads(item["MESSAGE_DATA"])
                assert payload["AccountNumber"] == number
                got.add((payload["SchwabOrderID"], item["MESSAGE_TYPE"]))
        seen.clear()

    await stream.logout()
    print(f"schwab-py {schwab.__version__} StreamClient received {len(got)} kinds of ACCT_ACTIVITY events "
          f"for orders {market_id} (filled) and {limit_id} (cancelled)")


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    asyncio.run(run(*sys.argv[1:]))


if __name__ == "__main__":
    main()
