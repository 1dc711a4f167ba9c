"""A real OpenID Connect provider on localhost, for the tests of ``st.login`` (issue 30).

Built on Authlib's authorization server (the protocol: the authorization-code grant with PKCE, the
OpenID Connect ``OpenIDCode`` extension that signs ID tokens, RP-initiated logout) and Flask (the
web part), served by Werkzeug on a free loopback port in a thread of the test process. It serves what
a school's or club's provider serves: discovery (``/.well-known/openid-configuration``, checked with
Authlib's ``OpenIDProviderMetadata``), an authorization endpoint with a sign-in form (e-mail and
password, checked against the provider's own users), the token endpoint (the client authenticates
with its secret), the JWKS (a fresh RSA key per provider, ID tokens signed RS256) and the
end-session endpoint. Nothing in it knows the tutor: its users carry no role the tutor reads (one
even claims ``roles: ["teacher"]`` in its token, which the tutor must ignore).
"""

from __future__ import annotations

import html
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.integrations.sqla_oauth2 import (
    OAuth2AuthorizationCodeMixin,
    OAuth2ClientMixin,
    OAuth2TokenMixin,
    create_query_client_func,
    create_save_token_func,
)
from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749 import grants
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from authlib.oidc.discovery import OpenIDProviderMetadata
from authlib.oidc.rpinitiated import EndSessionEndpoint
from flask import Flask, jsonify, request, session
from joserfc.jwk import KeySet, RSAKey
from sqlalchemy import Column, Integer, String, create_engine
from sqlalchemy.orm import DeclarativeBase, Session
from sqlalchemy.pool import StaticPool
from werkzeug.serving import make_server


@dataclass(frozen=True)
class User:
    """A person known to the provider (not to the tutor)."""

    email: str
    password: str
    name: str
    extra_claims: dict[str, Any] = field(default_factory=dict)

    def get_user_id(self) -> str:
        return self.email


class _Base(DeclarativeBase):
    pass


class _Client(_Base, OAuth2ClientMixin):
    __tablename__ = "clients"
    id = Column(Integer, primary_key=True)


class _Code(_Base, OAuth2AuthorizationCodeMixin):
    __tablename__ = "codes"
    id = Column(Integer, primary_key=True)
    user_id = Column(String(200))


class _Token(_Base, OAuth2TokenMixin):
    __tablename__ = "tokens"
    id = Column(Integer, primary_key=True)
    user_id = Column(String(200))


_FORM = """<!doctype html><html><head><title>Club sign-in</title></head><body>
<h1>Club sign-in</h1><p>{message}</p>
<form method="post"><label>E-mail <input name="email" autocomplete="off"></label>
<label>Password <input name="password" type="password"></label>
<button type="submit">Sign in at the club</button></form></body></html>"""


class Provider:
    """The provider: ``start()`` serves it on ``127.0.0.1``; ``issuer`` is its address."""

    def __init__(self, users: list[User], client_id: str, client_secret: str, redirect_uri: str) -> None:
        self.users = {u.email: u for u in users}
        self.key = RSAKey.generate_key(2048, parameters={"kid": secrets.token_hex(4), "use": "sig",
                                                         "alg": "RS256"})
        self.signed_in: list[str] = []  # e-mails, in order, of each sign-in at the form
        self.ended: list[str] = []  # e-mails whose session the end-session endpoint ended
        self._engine = create_engine("sqlite://", poolclass=StaticPool,
                                     connect_args={"check_same_thread": False})
        _Base.metadata.create_all(self._engine)
        self.db = Session(self._engine)
        client = _Client(client_id=client_id, client_secret=client_secret,
                         client_id_issued_at=int(time.time()))
        client.set_client_metadata({
            "redirect_uris": [redirect_uri], "post_logout_redirect_uris": [redirect_uri],
            "grant_types": ["authorization_code"], "response_types": ["code"],
            "scope": "openid email profile", "token_endpoint_auth_method": "client_secret_basic"})
        self.db.add(client)
        self.db.commit()
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self.issuer = ""
        self.app = self._flask()

    # -- the protocol's parts the library leaves to the provider -----------------------------------

    def _grants(self) -> tuple[type, OpenIDCode]:
        provider = self

        class CodeGrant(grants.AuthorizationCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

            def save_authorization_code(self, code: str, req: Any) -> None:
                provider.db.add(_Code(
                    code=code, client_id=req.client.client_id, redirect_uri=req.payload.redirect_uri,
                    scope=req.scope, user_id=req.user.email, nonce=req.payload.data.get("nonce"),
                    code_challenge=req.payload.data.get("code_challenge"),
                    code_challenge_method=req.payload.data.get("code_challenge_method")))
                provider.db.commit()

            def query_authorization_code(self, code: str, client: Any) -> Any:
                item = provider.db.query(_Code).filter_by(code=code, client_id=client.client_id).first()
                return item if item is not None and not item.is_expired() else None

            def delete_authorization_code(self, authorization_code: Any) -> None:
                provider.db.delete(authorization_code)
                provider.db.commit()

            def authenticate_user(self, authorization_code: Any) -> User | None:
                return provider.users.get(authorization_code.user_id)

        class IdToken(OpenIDCode):
            def exists_nonce(self, nonce: str, req: Any) -> bool:
                return provider.db.query(_Code).filter_by(
                    client_id=req.payload.client_id, nonce=nonce).first() is not None

            def resolve_client_private_key(self, client: Any) -> RSAKey:
                return provider.key

            def get_client_algorithm(self, client: Any) -> str:
                return "RS256"

            def get_client_claims(self, client: Any) -> dict[str, Any]:
                return {"iss": provider.issuer, "aud": [client.get_client_id()],
                        "exp": int(time.time()) + 600}

            def get_encode_header(self, client: Any) -> dict[str, str]:
                return {"alg": "RS256", "kid": str(provider.key.kid)}

            def generate_user_info(self, user: User, scope: str) -> UserInfo:
                info = UserInfo(sub=user.email, name=user.name, **user.extra_claims)
                if "email" in scope.split():
                    info.update(email=user.email, email_verified=user.extra_claims.get("email_verified", True))
                return info

        return CodeGrant, IdToken(require_nonce=True)

    def _end_session(self) -> type[EndSessionEndpoint]:
        provider = self

        class EndSession(EndSessionEndpoint):
            def get_server_jwks(self) -> KeySet:
                return KeySet([provider.key])

            def end_session(self, end_session_request: Any) -> None:
                claims = end_session_request.id_token_claims or {}
                provider.ended.append(str(claims.get("email") or session.get("email") or ""))
                session.clear()

        return EndSession

    # -- the web part --------------------------------------------------------------------------------

    def _metadata(self) -> dict[str, Any]:
        base = self.issuer
        metadata = OpenIDProviderMetadata({
            "issuer": base, "authorization_endpoint": f"{base}/authorize", "token_endpoint": f"{base}/token",
            "jwks_uri": f"{base}/jwks", "end_session_endpoint": f"{base}/logout",
            "response_types_supported": ["code"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"], "scopes_supported": ["openid", "email", "profile"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            "grant_types_supported": ["authorization_code"], "code_challenge_methods_supported": ["S256"],
            "claims_supported": ["sub", "email", "email_verified", "name"]})
        metadata.validate()
        return dict(metadata)

    def _flask(self) -> Flask:
        app = Flask("test-oidc-provider")
        app.secret_key = secrets.token_hex(16)
        app.config["SESSION_COOKIE_NAME"] = "club_idp_session"
        server = AuthorizationServer(app, query_client=create_query_client_func(self.db, _Client),
                                     save_token=create_save_token_func(self.db, _Token))
        code_grant, id_token = self._grants()
        server.register_grant(code_grant, [id_token, CodeChallenge(required=True)])
        server.register_endpoint(self._end_session())

        @app.get("/.well-known/openid-configuration")
        def discovery() -> Any:
            return jsonify(self._metadata())

        @app.get("/jwks")
        def jwks() -> Any:
            return jsonify(KeySet([self.key]).as_dict(private=False))

        @app.route("/authorize", methods=["GET", "POST"])
        def authorize() -> Any:
            try:  # the request (client, redirect address, PKCE, nonce) is checked before any form
                grant = server.get_consent_grant(end_user=None)
            except OAuth2Error as error:
                return server.handle_error_response(None, error)
            if request.method == "GET":  # Streamlit asks prompt=select_account: always the form
                return _FORM.format(message="Sign in with your club e-mail.")
            user = self.users.get(request.form.get("email", "").strip())
            if user is None or not secrets.compare_digest(user.password, request.form.get("password", "")):
                return _FORM.format(message=html.escape("Wrong e-mail or password.")), 401
            session["email"] = user.email
            self.signed_in.append(user.email)
            return server.create_authorization_response(grant_user=user, grant=grant)

        @app.post("/token")
        def token() -> Any:
            return server.create_token_response()

        @app.route("/logout", methods=["GET", "POST"])
        def logout() -> Any:
            return server.create_endpoint_response("end_session") or "You are signed out of the club."

        return app

    def start(self) -> Provider:
        self._server = make_server("127.0.0.1", 0, self.app, threaded=False)
        self.issuer = f"http://localhost:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, name="oidc-provider", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join()  # serve_forever has returned: shutdown() waits for it
        self.db.close()
        self._engine.dispose()
