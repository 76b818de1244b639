"""The official `openai` Python package against a running Stimmwerk: a developer who
points the SDK at Stimmwerk's /v1 with a Stimmwerk key gets speech, is charged the
usual price, and a short balance raises the SDK's own error type.

Run by scripts/e2e.sh with BASE_URL (the api) and OUTBOX_DIR (its confirmation mails).
"""

import email
import io
import math
import os
import pathlib
import re
import time
import uuid
import wave

import httpx
import mutagen.mp3
import openai

BASE_URL = os.environ["BASE_URL"]
OUTBOX_DIR = pathlib.Path(os.environ["OUTBOX_DIR"])
PASSWORD = "Sonnenblume-Kaffee-42"
VOICE = "local-de-klara"
TEXT = "Guten Tag. Dies ist ein Test mit dem offiziellen OpenAI-Paket für Python."


def confirmation_token(address: str) -> str:
    deadline = time.time() + 20
    while time.time() < deadline:
        for path in OUTBOX_DIR.glob("*.eml"):
            mail = email.message_from_bytes(path.read_bytes())
            if address not in mail.get("To", ""):
                continue
            for part in mail.walk():
                if part.get_content_type() == "text/plain":
                    body = part.get_payload(decode=True).decode(part.get_content_charset() or "utf-8")
                    match = re.search(r"/api/auth/confirm\?token=([A-Za-z0-9._~%+-]+)", body)
                    if match:
                        return match.group(1)
        time.sleep(0.2)
    raise AssertionError(f"no confirmation mail to {address} in {OUTBOX_DIR}")


def signed_in_key() -> str:
    """Signs up, confirms, signs in and creates an API key, as a user would."""
    address = f"sdk-{uuid.uuid4().hex[:8]}@example.de"
    web = httpx.Client(base_url=BASE_URL, headers={"x-requested-with": "stimmwerk"})
    account = {"name": "SDK Test", "organization": "Testfirma", "email": address, "password": PASSWORD}
    assert web.post("/api/auth/signup", json=account).status_code == 201
    web.get(f"/api/auth/confirm?token={confirmation_token(address)}")
    assert web.post("/api/auth/login", json={"email": address, "password": PASSWORD}).status_code == 200
    created = web.post("/api/api-keys", json={"name": "Python SDK"})
    assert created.status_code == 201, created.text
    return created.json()["secret"]


def balance(key: str) -> int:
    answer = httpx.get(f"{BASE_URL}/v1/balance", headers={"authorization": f"Bearer {key}"})
    return answer.json()["balance_cent"]


def main() -> None:
    key = signed_in_key()
    client = openai.OpenAI(api_key=key, base_url=f"{BASE_URL}/v1", max_retries=0)
    before = balance(key)

    speech = client.audio.speech.create(model="tts-1", voice=VOICE, input=TEXT)
    mp3 = mutagen.mp3.MP3(io.BytesIO(speech.content))
    assert mp3.info.length > 1.0, f"MP3 of {mp3.info.length} s"
    cost = max(1, math.ceil(len(TEXT) / 10))
    assert balance(key) == before - cost, (before, balance(key), cost)

    with client.audio.speech.with_streaming_response.create(
        model="gpt-4o-mini-tts", voice=VOICE, input="Hallo aus dem Stream.", response_format="wav"
    ) as response:
        data = response.read()
    # The WAV streams: its header states the largest length, the samples are what came.
    with wave.open(io.BytesIO(data)) as wav:
        frames = len(wav.readframes(wav.getnframes())) // wav.getsampwidth()
        seconds = frames / wav.getframerate()
        assert wav.getnchannels() == 1 and 0.5 < seconds < 30, (wav.getnchannels(), seconds)

    try:
        client.audio.speech.create(model="tts-1", voice=VOICE, input="x" * 5000)
    except openai.APIStatusError as error:
        assert error.status_code == 402, error.status_code
        assert "Guthaben" in str(error) or "Cent" in str(error), str(error)
    else:
        raise AssertionError("a short balance must raise openai.APIStatusError")

    try:
        openai.OpenAI(api_key="sw_falsch", base_url=f"{BASE_URL}/v1", max_retries=0).models.list()
    except openai.AuthenticationError:
        pass
    else:
        raise AssertionError("a wrong key must raise openai.AuthenticationError")

    models = [model.id for model in client.models.list()]
    assert "tts-1" in models, models
    print(f"openai {openai.__version__}: MP3 {mp3.info.length:.1f} s, WAV {seconds:.1f} s, {cost} Cent abgebucht")


if __name__ == "__main__":
    main()
