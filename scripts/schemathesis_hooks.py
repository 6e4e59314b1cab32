"""Schemathesis hooks for the API contract step of scripts/test.sh (loaded through its
SCHEMATHESIS_HOOKS; Schemathesis is pinned at 4.32.5).

Every check runs on every operation, the Join Us form's included. Its negative check breaks
a valid form and counts on the server refusing it. A multipart form carries text only, and
Schemathesis judges the form it meant to send rather than the one it sent, in two ways that
take a form the server rightly takes for a broken one:
- a value made `null` or another type is sent as its text (`null`), a valid text;
- to validate a changed form it stands an empty text in for the resume's bytes, which the
  file's `minLength: 1` refuses (an empty part counts as none), so any change, even one that
  leaves the form valid (`*` after a department of spaces), counts as breaking it.
So a refused-data failure on a form is kept only when the form as it went on the wire (each
text part as sent, a repeated part as a list, the file as a text of its length) breaks the
published schema: a broken form the server takes still fails the run.

An application's `job` names an open posting: a well-shaped slug of no open posting is
refused (422 naming `job` alone), which no JSON Schema can rule out, as a subscriber link's
token. A schema-valid form refused for that and nothing else is not a failure; refused for
any other field, it still is.
"""

import email
import email.policy
from typing import Any

import jsonschema_rs
import schemathesis
from schemathesis.core.jsonschema import FANCY_REGEX_OPTIONS
from schemathesis.core.failures import AcceptedNegativeData
from schemathesis.openapi.checks import RejectedPositiveData

_validators: dict[str, Any] = {}


def _validator(raw_schema: dict[str, Any], pointer: str) -> Any:
    if pointer not in _validators:
        root = {"$ref": pointer, "components": raw_schema.get("components", {})}
        # As Schemathesis builds its own: the text patterns' counted repeats need the room.
        _validators[pointer] = jsonschema_rs.Draft202012Validator(
            root, validate_formats=True, pattern_options=FANCY_REGEX_OPTIONS
        )
    return _validators[pointer]


def _sent_form(content_type: str, body: bytes) -> dict[str, Any] | None:
    """The parts of a multipart body as sent, or None when it is not one."""
    message = email.message_from_bytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body, policy=email.policy.HTTP
    )
    if not message.is_multipart():
        return None
    form: dict[str, Any] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True) or b""
        if part.get_param("filename", header="content-disposition") is not None:
            value: Any = "x" * len(data)
        else:
            try:
                value = data.decode("utf-8")
            except UnicodeDecodeError:
                return None
        if name in form:
            kept = form[name]
            form[name] = (kept if isinstance(kept, list) else [kept]) + [value]
        else:
            form[name] = value
    return form


def _refused_for_the_opening_alone(response: Any) -> bool:
    """A 422 whose only bad field is `job`: the opening named is not open."""
    if response.status_code != 422:
        return False
    try:
        errors = response.json().get("errors", {})
    except ValueError:
        return False
    return isinstance(errors, dict) and set(errors) == {"job"}


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    if isinstance(failure, RejectedPositiveData):
        operation = case.operation.definition.raw.get("operationId")
        return not (operation == "createApplicant" and _refused_for_the_opening_alone(response))
    if not isinstance(failure, AcceptedNegativeData):
        return True
    request = response.request
    content_type = request.headers.get("Content-Type", "")
    if not content_type.startswith("multipart/form-data") or not isinstance(request.body, bytes):
        return True
    content = case.operation.definition.raw.get("requestBody", {}).get("content", {})
    reference = content.get("multipart/form-data", {}).get("schema", {}).get("$ref")
    form = _sent_form(content_type, request.body)
    if reference is None or form is None:
        return True
    return not _validator(case.operation.schema.raw_schema, reference).is_valid(form)
