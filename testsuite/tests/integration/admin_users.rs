//! Admin user management on the server: only admins get in, the spec's list (figures,
//! search, sort), create, edit, disable, delete, balance corrections with a reason, and
//! the audit log that records each action with before and after. Every change needs a
//! password re-entry within ten minutes, and no change leaves no active admin, not even
//! two admins demoting, disabling or deleting each other at the same moment.

use crate::common;

use common::{PASSWORD, TestApp, error_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

async fn send(client: &common::Client, method: Method, path: &str, body: Value) -> reqwest::Response {
    client.http.request(method, format!("{}{path}", client.base)).json(&body).send().await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_non_admin_gets_403_and_a_stranger_401_on_every_admin_route(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, _) = app.signed_in_user("kein-admin@example.de").await;
    let document: Value = app.client().get("/api/openapi.json").await.json().await.unwrap();
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        if !path.starts_with("/api/admin/") {
            continue;
        }
        let concrete = path.replace("{id}", "openai_tts");
        let concrete =
            if concrete.contains("/users/") { path.replace("{id}", &Uuid::new_v4().to_string()) } else { concrete };
        for method in item.as_object().unwrap().keys() {
            let method: Method = method.to_uppercase().parse().unwrap();
            let (status, error) = error_of(send(&user, method.clone(), &concrete, json!({})).await).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}");
            assert_eq!(error["code"], "forbidden", "{method} {path}");
            let status = send(&app.client(), method.clone(), &concrete, json!({})).await.status();
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} anonymous");
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} admin operations");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_list_shows_the_figures_searches_and_sorts_as_the_spec_says(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.fresh_admin().await;
    for (email, org) in
        [("berta@example.de", "Zeta AG"), ("anton@example.de", "alpha GmbH"), ("carl@example.de", "Mitte 100% KG")]
    {
        let body = json!({ "name": email.split('@').next().unwrap(), "email": email, "organization": org, "password": PASSWORD });
        assert_eq!(admin.post("/api/admin/users", body).await.status(), StatusCode::CREATED);
    }
    let all: Value = admin.get("/api/admin/users").await.json().await.unwrap();
    assert_eq!(all["stats"]["total_users"], 4);
    assert_eq!(all["stats"]["organizations"], 4);
    assert_eq!(all["stats"]["new_this_month"], 4);
    let emails = |v: &Value| {
        v["users"].as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    assert_eq!(emails(&all)[0], "carl@example.de", "newest first by default");

    let by_org: Value = admin.get("/api/admin/users?sort=organization").await.json().await.unwrap();
    assert_eq!(emails(&by_org)[0], "anton@example.de", "a new column starts ascending, case-insensitive");
    let by_org_desc: Value = admin.get("/api/admin/users?sort=organization&direction=desc").await.json().await.unwrap();
    assert_eq!(emails(&by_org_desc)[0], "berta@example.de");
    let found: Value = admin.get("/api/admin/users?search=100%25").await.json().await.unwrap();
    assert_eq!(emails(&found), ["carl@example.de"], "% is searched for, not a wildcard");
    let found: Value = admin.get("/api/admin/users?search=ANTON").await.json().await.unwrap();
    assert_eq!(emails(&found), ["anton@example.de"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_admin_creates_edits_disables_and_deletes_accounts_and_each_step_is_audited(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.fresh_admin().await;
    let body = json!({ "name": "Neu", "email": "neu@example.de", "organization": "Firma", "password": PASSWORD });
    let created: Value = admin.post("/api/admin/users", body.clone()).await.json().await.unwrap();
    let id: Uuid = created["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(created["confirmed"], true);
    let (status, error) = error_of(admin.post("/api/admin/users", body).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["email"], "Für diese E-Mail-Adresse besteht bereits ein Konto.");

    let person = app.client_from([127, 0, 0, 70]);
    let login = json!({ "email": "neu@example.de", "password": PASSWORD });
    assert_eq!(person.post("/api/auth/login", login.clone()).await.status(), StatusCode::OK);

    let res = send(
        &admin,
        Method::PATCH,
        &format!("/api/admin/users/{id}"),
        json!({ "organization": "Andere GmbH", "disabled": true }),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(person.get("/api/me").await.status(), StatusCode::UNAUTHORIZED, "its sessions ended");
    let (status, error) = error_of(person.post("/api/auth/login", login.clone()).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error["message"], "Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.");
    send(&admin, Method::PATCH, &format!("/api/admin/users/{id}"), json!({ "disabled": false })).await;
    assert_eq!(person.post("/api/auth/login", login).await.status(), StatusCode::OK);

    let me: Value = admin.get("/api/me").await.json().await.unwrap();
    let own = format!("/api/admin/users/{}", me["id"].as_str().unwrap());
    let (status, _) = error_of(send(&admin, Method::PATCH, &own, json!({ "role": "user" })).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "no admin demotes or locks out himself here");
    let (status, _) = error_of(send(&admin, Method::DELETE, &own, json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);

    assert_eq!(
        send(&admin, Method::DELETE, &format!("/api/admin/users/{id}"), json!({})).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(person.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);

    let log: Vec<Value> = admin.get(&format!("/api/admin/audit?user_id={id}")).await.json().await.unwrap();
    let actions: Vec<&str> = log.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["user_deleted", "user_updated", "user_updated", "user_created"]);
    assert!(log.iter().all(|e| e["actor_email"] == "admin@stimmwerk.local" && e["target_email"] == "neu@example.de"));
    let disabling = &log[2];
    assert_eq!(disabling["before"]["organization"], "Firma");
    assert_eq!(
        (disabling["after"]["organization"].as_str(), disabling["after"]["disabled"].as_bool()),
        (Some("Andere GmbH"), Some(true))
    );
    let only_deletions: Vec<Value> = admin.get("/api/admin/audit?action=user_deleted").await.json().await.unwrap();
    assert_eq!(only_deletions.len(), 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_balance_correction_needs_a_reason_is_booked_and_never_overdraws(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.fresh_admin().await;
    let (client, user) = app.signed_in_user("kulanz@example.de").await;
    let path = format!("/api/admin/users/{user}/balance");

    let (status, error) = error_of(admin.post(&path, json!({ "amount_cent": 500, "reason": " " })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["reason"].is_string());
    let (status, error) =
        error_of(admin.post(&path, json!({ "amount_cent": -101, "reason": "Zu viel abgezogen" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["amount_cent"], "Das Guthaben darf nicht unter 0 fallen.");
    assert_eq!(app.balance(user).await, 100, "nothing changed");

    let res: Value =
        admin.post(&path, json!({ "amount_cent": 500, "reason": "Kulanz wegen Störung" })).await.json().await.unwrap();
    assert_eq!(res["balance_cent"], 600);
    assert_eq!(app.ledger_rows(user, "admin_adjustment").await, vec![500]);
    assert!(app.ledger_drift().await.is_empty());

    let history: Value = client.get("/api/account/transactions").await.json().await.unwrap();
    assert_eq!(history["items"][0]["label"], "Korrektur durch den Support");
    assert_eq!(history["items"][0]["note"], "Kulanz wegen Störung");
    assert_eq!(history["items"][0]["balance_after_cent"], 600);

    let log: Vec<Value> = admin.get("/api/admin/audit?action=balance_adjusted").await.json().await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(
        (log[0]["before"]["balance_cent"].as_i64(), log[0]["after"]["balance_cent"].as_i64()),
        (Some(100), Some(600))
    );
    assert_eq!(log[0]["reason"], "Kulanz wegen Störung");
}

/// Re-entered eleven minutes ago: the window is over.
async fn expire_reentry(app: &TestApp) {
    sqlx::query(
        "UPDATE sessions SET reauthenticated_at = now() - interval '11 minutes' WHERE reauthenticated_at IS NOT NULL",
    )
    .execute(&app.pool)
    .await
    .unwrap();
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn money_accounts_and_roles_change_only_after_a_password_reentry(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let (_, user) = app.signed_in_user("betroffen@example.de").await;
    let new_user = json!({ "name": "Neu", "email": "neu@example.de", "organization": "Firma", "password": PASSWORD });
    let calls = async || {
        [
            admin.post("/api/admin/users", new_user.clone()).await,
            send(&admin, Method::PATCH, &format!("/api/admin/users/{user}"), json!({ "role": "admin" })).await,
            send(&admin, Method::PATCH, &format!("/api/admin/users/{user}"), json!({ "disabled": true })).await,
            admin
                .post(&format!("/api/admin/users/{user}/balance"), json!({ "amount_cent": 5000, "reason": "Bonus" }))
                .await,
            send(&admin, Method::DELETE, &format!("/api/admin/users/{user}"), json!({})).await,
        ]
    };
    // Second factor proven, but no re-entry yet; then one that ran out.
    for round in ["never re-entered", "re-entered 11 minutes ago"] {
        for res in calls().await {
            let url = res.url().path().to_owned();
            let (status, error) = error_of(res).await;
            assert_eq!(
                (status, error["code"].as_str()),
                (StatusCode::FORBIDDEN, Some("reauth_required")),
                "{url}, {round}"
            );
            assert_eq!(error["message"], "Bitte bestätigen Sie Ihr Passwort.");
        }
        assert_eq!(app.balance(user).await, 100, "no money moved ({round})");
        assert_eq!(count(&app, "SELECT count(*) FROM users WHERE role = 'admin'").await, 1, "nobody promoted");
        assert_eq!(count(&app, "SELECT count(*) FROM users WHERE disabled_at IS NOT NULL").await, 0);
        assert_eq!(count(&app, "SELECT count(*) FROM users").await, 2, "nobody created or deleted");
        // Only the admin's own sign-in steps are logged (the second factor switched on).
        let changes = "SELECT count(*) FROM audit_log WHERE action NOT IN ('reauthenticated', 'two_factor_enabled')";
        assert_eq!(count(&app, changes).await, 0);
        assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
        expire_reentry(&app).await;
    }
    // Reading stays open to the proven admin without a re-entry.
    assert_eq!(admin.get("/api/admin/users").await.status(), StatusCode::OK);
    assert_eq!(admin.get("/api/admin/audit").await.status(), StatusCode::OK);

    assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
    let statuses: Vec<StatusCode> = calls().await.iter().map(|r| r.status()).collect();
    assert_eq!(
        statuses,
        [StatusCode::CREATED, StatusCode::OK, StatusCode::OK, StatusCode::OK, StatusCode::NO_CONTENT],
        "each works within the ten minutes"
    );
    let log: Vec<Value> = admin.get("/api/admin/audit").await.json().await.unwrap();
    let actions: Vec<&str> = log.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        [
            "user_deleted",
            "balance_adjusted",
            "user_updated",
            "user_updated",
            "user_created",
            "reauthenticated",
            "reauthenticated",
            "reauthenticated",
            // The admin's own sign-in set up the second factor.
            "two_factor_enabled"
        ]
    );
}

/// Both admins' requests are held at the database (their accounts' rows locked by the
/// test) until both are inside their change, then let go together: without a guard
/// that serialises them, both would go through.
async fn at_the_same_moment(
    app: &TestApp,
    first: impl std::future::Future<Output = reqwest::Response>,
    second: impl std::future::Future<Output = reqwest::Response>,
) -> [StatusCode; 2] {
    let mut hold = app.pool.begin().await.unwrap();
    sqlx::query("SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE").execute(&mut *hold).await.unwrap();
    let waiting = async {
        for _ in 0..200 {
            let n: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            )
            .fetch_one(&app.pool)
            .await
            .unwrap();
            if n >= 2 {
                hold.commit().await.unwrap();
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the two changes never both reached the database");
    };
    let (a, b, ()) = tokio::join!(first, second, waiting);
    let mut statuses = [a.status(), b.status()];
    statuses.sort();
    statuses
}

/// The seeded admin and a second one, both proven and re-entered, and a third admin whose
/// sign-in is disabled (who must not count): (first, first id, second, second id).
async fn two_active_admins_and_a_disabled_one(app: &TestApp) -> (common::Client, Uuid, common::Client, Uuid) {
    let first = app.fresh_admin().await;
    let me: Value = first.get("/api/me").await.json().await.unwrap();
    let first_id: Uuid = me["id"].as_str().unwrap().parse().unwrap();
    let (second, second_id) = app.another_fresh_admin("zweite-admin@example.de").await;
    let (_, third) = app.signed_in_user("gesperrte-admin@example.de").await;
    sqlx::query("UPDATE users SET role = 'admin', disabled_at = now() WHERE id = $1")
        .bind(third)
        .execute(&app.pool)
        .await
        .unwrap();
    (first, first_id, second, second_id)
}

async fn active_admins(app: &TestApp) -> i64 {
    count(app, "SELECT count(*) FROM users WHERE role = 'admin' AND disabled_at IS NULL").await
}

#[sqlx::test(migrations = "../migrations")]
async fn two_admins_demoting_each_other_at_once_leave_one_active_admin(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (first, first_id, second, second_id) = two_active_admins_and_a_disabled_one(&app).await;
    let demote = json!({ "role": "user" });
    let statuses = at_the_same_moment(
        &app,
        send(&first, Method::PATCH, &format!("/api/admin/users/{second_id}"), demote.clone()),
        send(&second, Method::PATCH, &format!("/api/admin/users/{first_id}"), demote),
    )
    .await;
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "one goes through, the other is refused");
    assert_eq!(active_admins(&app).await, 1, "a disabled admin does not count as the one left");
}

#[sqlx::test(migrations = "../migrations")]
async fn two_admins_disabling_each_other_at_once_leave_one_active_admin(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (first, first_id, second, second_id) = two_active_admins_and_a_disabled_one(&app).await;
    let disable = json!({ "disabled": true });
    let statuses = at_the_same_moment(
        &app,
        send(&first, Method::PATCH, &format!("/api/admin/users/{second_id}"), disable.clone()),
        send(&second, Method::PATCH, &format!("/api/admin/users/{first_id}"), disable),
    )
    .await;
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    assert_eq!(active_admins(&app).await, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn two_admins_deleting_each_other_at_once_leave_one_active_admin(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (first, first_id, second, second_id) = two_active_admins_and_a_disabled_one(&app).await;
    let statuses = at_the_same_moment(
        &app,
        send(&first, Method::DELETE, &format!("/api/admin/users/{second_id}"), json!({})),
        send(&second, Method::DELETE, &format!("/api/admin/users/{first_id}"), json!({})),
    )
    .await;
    assert_eq!(statuses, [StatusCode::NO_CONTENT, StatusCode::CONFLICT]);
    assert_eq!(active_admins(&app).await, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_admin_may_demote_another_admin_while_one_active_admin_remains(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (first, _, _, second_id) = two_active_admins_and_a_disabled_one(&app).await;
    let res = send(&first, Method::PATCH, &format!("/api/admin/users/{second_id}"), json!({ "role": "user" })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let after: Value = res.json().await.unwrap();
    assert_eq!(after["role"], "user");
    assert_eq!(active_admins(&app).await, 1);
}
