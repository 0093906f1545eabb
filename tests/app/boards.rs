//! Boards and folders over HTTP, with an authorization matrix for visitor, stranger, shared user and owner.

use crate::common;

use common::{TestApp, error_code, graphql_with, new_client};
use serde_json::{Value, json};

struct Roles {
    owner: reqwest::Client,
    shared: reqwest::Client,
    stranger: reqwest::Client,
    visitor: reqwest::Client,
}

struct Fixture {
    app: TestApp,
    roles: Roles,
    public_board: String,
    private_board: String,
    public_folder: String,
    private_folder: String,
}

async fn ask(app: &TestApp, client: &reqwest::Client, query: &str, variables: Value) -> Value {
    graphql_with(client, &app.base_url, query, variables).await
}

async fn id_of(answer: Value, field: &str) -> String {
    answer["data"][field]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no {field}: {answer}"))
        .to_owned()
}

/// Owner "olga" has a public and a private folder, a public board in the private folder, and a
/// private board in the public folder shared with "sam". "tom" is a stranger.
async fn fixture() -> Fixture {
    let app = TestApp::start().await;
    app.sign_up("olga").await;
    for name in ["sam", "tom"] {
        let client = new_client();
        let answer = graphql_with(
            &client,
            &app.base_url,
            "mutation($e: String!, $u: String!) { addUser(email: $e, password: \"password-1\", username: $u) { id } }",
            json!({ "e": format!("{name}@example.org"), "u": name }),
        )
        .await;
        assert!(answer["errors"].is_null(), "{answer}");
    }
    let roles = Roles {
        owner: app.client.clone(),
        shared: app.client_signed_in("sam@example.org", "password-1").await,
        stranger: app.client_signed_in("tom@example.org", "password-1").await,
        visitor: new_client(),
    };
    let add_folder =
        "mutation($n: String!, $s: Boolean!) { addFolder(name: $n, secret: $s) { id } }";
    let public_folder = id_of(
        app.graphql(add_folder, json!({ "n": "Travel", "s": false }))
            .await,
        "addFolder",
    )
    .await;
    let private_folder = id_of(
        app.graphql(add_folder, json!({ "n": "Secret plans", "s": true }))
            .await,
        "addFolder",
    )
    .await;
    let add_board = "mutation($t: String!, $f: ID, $s: Boolean!) { addBoard(title: $t, folder: $f, secret: $s, caption: \"c\") { id } }";
    let public_board = id_of(
        app.graphql(
            add_board,
            json!({ "t": "Sea views", "f": private_folder, "s": false }),
        )
        .await,
        "addBoard",
    )
    .await;
    let private_board = id_of(
        app.graphql(
            add_board,
            json!({ "t": "Gift ideas", "f": public_folder, "s": true }),
        )
        .await,
        "addBoard",
    )
    .await;
    let share = app
        .graphql(
            "mutation($b: ID!) { shareBoard(board: $b, username: \"@sam\") { message } }",
            json!({ "b": private_board }),
        )
        .await;
    assert!(share["errors"].is_null(), "{share}");
    Fixture {
        app,
        roles,
        public_board,
        private_board,
        public_folder,
        private_folder,
    }
}

const LISTS: &str = "{ user(username: \"olga\") { boards { totalCount edges { node { title } } } folders { totalCount edges { node { name boards { totalCount } } } } } }";

fn titles(answer: &Value, list: &str, field: &str) -> Vec<String> {
    let edges = answer["data"]["user"][list]["edges"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    edges
        .iter()
        .map(|edge| edge["node"][field].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn lists_and_counts_show_only_what_each_role_may_see() {
    let f = fixture().await;
    let cases = [
        (
            &f.roles.owner,
            vec!["Gift ideas", "Sea views"],
            vec!["Secret plans", "Travel"],
        ),
        (
            &f.roles.shared,
            vec!["Gift ideas", "Sea views"],
            vec!["Travel"],
        ),
        // "Travel" is public, but its only board is private: those who see none of its boards
        // are not shown an empty folder (its own page still answers, below).
        (&f.roles.stranger, vec!["Sea views"], vec![]),
        (&f.roles.visitor, vec!["Sea views"], vec![]),
    ];
    for (client, boards, folders) in cases {
        let answer = ask(&f.app, client, LISTS, json!({})).await;
        assert_eq!(titles(&answer, "boards", "title"), boards, "{answer}");
        assert_eq!(answer["data"]["user"]["boards"]["totalCount"], boards.len());
        assert_eq!(titles(&answer, "folders", "name"), folders);
        assert_eq!(
            answer["data"]["user"]["folders"]["totalCount"],
            folders.len()
        );
    }
    // Inside the public folder "Travel", the private board counts only for those who may see it.
    for (client, count) in [
        (&f.roles.owner, 1),
        (&f.roles.shared, 1),
        (&f.roles.stranger, 0),
        (&f.roles.visitor, 0),
    ] {
        let answer = ask(
            &f.app,
            client,
            "{ user(username: \"olga\") { folder(slug: \"travel\") { boards { totalCount } } } }",
            json!({}),
        )
        .await;
        assert_eq!(
            answer["data"]["user"]["folder"]["boards"]["totalCount"], count,
            "{answer}"
        );
    }
    f.app.stop().await;
}

#[tokio::test]
async fn direct_access_answers_not_found_or_permission_denied() {
    let f = fixture().await;
    let board = "query($id: ID!) { board(id: $id) { title sharedWith folder { name } } }";
    let folder = "query($id: ID!) { folder(id: $id) { name } }";
    let by_slug = "query($s: String!) { user(username: \"olga\") { board(slug: $s) { title } } }";
    let folder_by_slug =
        "query($s: String!) { user(username: \"olga\") { folder(slug: $s) { name } } }";
    let roles = [
        ("owner", &f.roles.owner, true, true),
        ("shared", &f.roles.shared, true, false),
        ("stranger", &f.roles.stranger, false, false),
        ("visitor", &f.roles.visitor, false, false),
    ];
    for (role, client, sees_private_board, sees_private_folder) in roles {
        let public = ask(&f.app, client, board, json!({ "id": f.public_board })).await;
        assert_eq!(
            public["data"]["board"]["title"], "Sea views",
            "{role}: {public}"
        );
        let folder_name = &public["data"]["board"]["folder"];
        assert_eq!(
            folder_name.is_null(),
            !sees_private_folder,
            "{role} and the private folder's name"
        );

        let private = ask(&f.app, client, board, json!({ "id": f.private_board })).await;
        let private_slug = ask(&f.app, client, by_slug, json!({ "s": "gift-ideas" })).await;
        if sees_private_board {
            assert_eq!(private["data"]["board"]["title"], "Gift ideas", "{role}");
            assert_eq!(
                private_slug["data"]["user"]["board"]["title"], "Gift ideas",
                "{role}"
            );
        } else {
            assert_eq!(
                error_code(&private),
                Some("PERMISSION_DENIED_ERROR"),
                "{role}: {private}"
            );
            assert_eq!(
                error_code(&private_slug),
                Some("PERMISSION_DENIED_ERROR"),
                "{role}"
            );
            assert_eq!(
                private["errors"][0]["message"],
                "Sorry, it seems you don't have access to this."
            );
        }
        let shared_with = &private["data"]["board"]["sharedWith"];
        if role == "owner" {
            assert_eq!(shared_with, &json!(["sam"]));
        } else if sees_private_board {
            assert_eq!(
                shared_with,
                &json!([]),
                "only the owner sees who a board is shared with"
            );
        }

        let public_folder = ask(&f.app, client, folder, json!({ "id": f.public_folder })).await;
        assert_eq!(public_folder["data"]["folder"]["name"], "Travel", "{role}");
        let private_folder = ask(&f.app, client, folder, json!({ "id": f.private_folder })).await;
        let private_folder_slug = ask(
            &f.app,
            client,
            folder_by_slug,
            json!({ "s": "secret-plans" }),
        )
        .await;
        if sees_private_folder {
            assert_eq!(private_folder["data"]["folder"]["name"], "Secret plans");
            assert_eq!(
                private_folder_slug["data"]["user"]["folder"]["name"],
                "Secret plans"
            );
        } else {
            assert_eq!(
                error_code(&private_folder),
                Some("PERMISSION_DENIED_ERROR"),
                "{role}"
            );
            assert_eq!(
                error_code(&private_folder_slug),
                Some("PERMISSION_DENIED_ERROR"),
                "{role}"
            );
        }
    }
    let missing = ask(&f.app, &f.roles.owner, board, json!({ "id": "999999" })).await;
    assert_eq!(error_code(&missing), Some("NOT_FOUND_ERROR"));
    let missing_slug = ask(
        &f.app,
        &f.roles.owner,
        by_slug,
        json!({ "s": "no-such-board" }),
    )
    .await;
    assert_eq!(error_code(&missing_slug), Some("NOT_FOUND_ERROR"));
    f.app.stop().await;
}

#[tokio::test]
async fn only_the_owner_may_change_anything() {
    let f = fixture().await;
    let board_mutations = [
        "mutation($id: ID!) { updateBoard(id: $id, title: \"Mine now\") { id } }",
        "mutation($id: ID!) { updateBoard(id: $id, secret: false) { id } }",
        "mutation($id: ID!) { deleteBoard(id: $id) { id } }",
        "mutation($id: ID!) { shareBoard(board: $id, username: \"tom\") { message } }",
        "mutation($id: ID!) { unshareBoard(board: $id, username: \"sam\") { message } }",
    ];
    let folder_mutations = [
        "mutation($id: ID!) { updateFolder(id: $id, name: \"Mine now\") { id } }",
        "mutation($id: ID!) { deleteFolder(id: $id) { id } }",
    ];
    for client in [&f.roles.shared, &f.roles.stranger, &f.roles.visitor] {
        for board in [&f.public_board, &f.private_board] {
            for mutation in board_mutations {
                let answer = ask(&f.app, client, mutation, json!({ "id": board })).await;
                assert_eq!(
                    error_code(&answer),
                    Some("PERMISSION_DENIED_ERROR"),
                    "{mutation}: {answer}"
                );
            }
        }
        for folder in [&f.public_folder, &f.private_folder] {
            for mutation in folder_mutations {
                let answer = ask(&f.app, client, mutation, json!({ "id": folder })).await;
                assert_eq!(
                    error_code(&answer),
                    Some("PERMISSION_DENIED_ERROR"),
                    "{mutation}: {answer}"
                );
            }
        }
    }
    // Nothing changed: the owner still sees both boards as they were.
    let answer = f.app.graphql(LISTS, json!({})).await;
    assert_eq!(
        titles(&answer, "boards", "title"),
        ["Gift ideas", "Sea views"]
    );
    let board = f
        .app
        .graphql(
            "query($id: ID!) { board(id: $id) { secret sharedWith } }",
            json!({ "id": f.private_board }),
        )
        .await;
    assert_eq!(
        board["data"]["board"],
        json!({ "secret": true, "sharedWith": ["sam"] })
    );

    // A stranger cannot put a board into someone else's folder.
    let stranger_board = ask(
        &f.app,
        &f.roles.stranger,
        "mutation($f: ID!) { addBoard(title: \"Mine\", folder: $f, secret: false) { id } }",
        json!({ "f": f.public_folder }),
    )
    .await;
    assert_eq!(
        error_code(&stranger_board),
        Some("VALIDATION_ERROR"),
        "{stranger_board}"
    );
    let visitor_add = ask(
        &f.app,
        &f.roles.visitor,
        "mutation { addBoard(title: \"x\", secret: false) { id } }",
        json!({}),
    )
    .await;
    assert_eq!(error_code(&visitor_add), Some("PERMISSION_DENIED_ERROR"));
    f.app.stop().await;
}

#[tokio::test]
async fn unsharing_hides_the_board_again() {
    let f = fixture().await;
    let unshare = "mutation($b: ID!) { unshareBoard(board: $b, username: \"sam\") { message } }";
    assert!(
        f.app
            .graphql(unshare, json!({ "b": f.private_board }))
            .await["errors"]
            .is_null()
    );
    let answer = ask(
        &f.app,
        &f.roles.shared,
        "query($id: ID!) { board(id: $id) { title } }",
        json!({ "id": f.private_board }),
    )
    .await;
    assert_eq!(error_code(&answer), Some("PERMISSION_DENIED_ERROR"));
    let unknown = f
        .app
        .graphql(
            "mutation($b: ID!) { shareBoard(board: $b, username: \"nobody\") { message } }",
            json!({ "b": f.private_board }),
        )
        .await;
    assert_eq!(error_code(&unknown), Some("VALIDATION_ERROR"));
    assert_eq!(unknown["errors"][0]["extensions"]["field"], "username");
    f.app.stop().await;
}

#[tokio::test]
async fn moving_boards_between_folders_and_deleting_a_folder_keeps_its_boards() {
    let f = fixture().await;
    let count = "query($id: ID!) { folder(id: $id) { boards { totalCount } } }";
    let folder_count = |id: String| {
        let app = &f.app;
        async move {
            app.graphql(count, json!({ "id": id })).await["data"]["folder"]["boards"]["totalCount"]
                .clone()
        }
    };
    assert_eq!(folder_count(f.public_folder.clone()).await, 1);
    assert_eq!(folder_count(f.private_folder.clone()).await, 1);

    let moved = f
        .app
        .graphql(
            "mutation($id: ID!, $f: ID) { updateBoard(id: $id, folder: $f) { folder { name } } }",
            json!({ "id": f.public_board, "f": f.public_folder }),
        )
        .await;
    assert_eq!(
        moved["data"]["updateBoard"]["folder"]["name"], "Travel",
        "{moved}"
    );
    assert_eq!(folder_count(f.public_folder.clone()).await, 2);
    assert_eq!(folder_count(f.private_folder.clone()).await, 0);

    let out = f
        .app
        .graphql(
            "mutation($id: ID!) { updateBoard(id: $id, folder: null) { folder { name } } }",
            json!({ "id": f.public_board }),
        )
        .await;
    assert!(out["data"]["updateBoard"]["folder"].is_null(), "{out}");
    assert_eq!(folder_count(f.public_folder.clone()).await, 1);

    let deleted = f
        .app
        .graphql(
            "mutation($id: ID!) { deleteFolder(id: $id) { username } }",
            json!({ "id": f.public_folder }),
        )
        .await;
    assert_eq!(
        deleted["data"]["deleteFolder"]["username"], "olga",
        "{deleted}"
    );
    let board = f
        .app
        .graphql(
            "query($id: ID!) { board(id: $id) { title folder { name } } }",
            json!({ "id": f.private_board }),
        )
        .await;
    assert_eq!(
        board["data"]["board"],
        json!({ "title": "Gift ideas", "folder": null })
    );
    let gone = f
        .app
        .graphql(
            "query($id: ID!) { folder(id: $id) { name } }",
            json!({ "id": f.public_folder }),
        )
        .await;
    assert_eq!(error_code(&gone), Some("NOT_FOUND_ERROR"));
    f.app.stop().await;
}

#[tokio::test]
async fn slugs_are_unique_per_user_and_stable_across_renames() {
    let f = fixture().await;
    let add = "mutation($t: String!) { addBoard(title: $t, secret: false) { id slug } }";
    let second = f.app.graphql(add, json!({ "t": "Sea Views!" })).await;
    assert_eq!(second["data"]["addBoard"]["slug"], "sea-views-2");
    let others = ask(&f.app, &f.roles.stranger, add, json!({ "t": "Sea views" })).await;
    assert_eq!(
        others["data"]["addBoard"]["slug"], "sea-views",
        "slugs are per user"
    );
    let accents = f.app.graphql(add, json!({ "t": "Café à Paris" })).await;
    assert_eq!(accents["data"]["addBoard"]["slug"], "cafe-a-paris");

    let rename = f
        .app
        .graphql(
            "mutation($id: ID!) { updateBoard(id: $id, title: \"Ocean views\", pinDefaultTags: [\"#sea #sky\", \"sea\"], pinDefaultDescription: \"Blue\") { slug title pinDefaultTags pinDefaultDescription } }",
            json!({ "id": f.public_board }),
        )
        .await;
    assert_eq!(
        rename["data"]["updateBoard"],
        json!({ "slug": "sea-views", "title": "Ocean views", "pinDefaultTags": ["sea", "sky"], "pinDefaultDescription": "Blue" })
    );
    let empty = f
        .app
        .graphql(
            "mutation($id: ID!) { updateBoard(id: $id, title: \"  \") { id } }",
            json!({ "id": f.public_board }),
        )
        .await;
    assert_eq!(empty["errors"][0]["extensions"]["field"], "title");

    let deleted = f
        .app
        .graphql(
            "mutation($id: ID!) { deleteBoard(id: $id) { username } }",
            json!({ "id": f.public_board }),
        )
        .await;
    assert!(deleted["errors"].is_null(), "{deleted}");
    let again = f.app.graphql(add, json!({ "t": "Sea views" })).await;
    assert_eq!(
        again["data"]["addBoard"]["slug"], "sea-views",
        "a deleted board frees its slug"
    );
    f.app.stop().await;
}
