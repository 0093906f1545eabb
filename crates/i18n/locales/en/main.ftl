### Corkboard: the server's words: the language itself, how it writes numbers, page
### titles and link previews, feeds, the mails, and the sentences of errors and answers.
### English: exactly the sentences the code wrote before (tests compare).

## The language, named in itself (the language switch lists it so), and how it writes numbers:
## what goes between groups of three digits, and before decimals.

language-name = English
number-group-separator = { "" }
number-decimal-separator = .

## The language a person picks

error-locale-unknown = This language is not available: { $locale }.

## The page every route answers (index.html), and its head for link previews and feeds

page-description = Corkboard: your own board of pictures.
page-noscript = Corkboard needs JavaScript to run.
manifest-description = Your own board of pictures.
page-not-found = Not found
# A page's title: what it shows, then the site's name.
title-page = { $name } · { $site }
# A board or a folder, and whose it is.
title-by-owner = { $name } by { $owner }
# A pin with neither title nor caption.
title-pin-by = Pin by { $username }
# The feed of a person's pins.
title-pins-by = Pins by { $name }

## Feeds and oEmbed

error-no-such-feed = There is no such feed.
error-nothing-to-embed = There is nothing to embed at this address.
oembed-json-only = Only JSON is answered.

## Mails. A body is said as it is, line by line; `$link` is an address on its own line.

mail-password-reset-subject = Reset your Corkboard password
mail-password-reset-body =
    Someone asked to reset the password of your Corkboard account.

    To choose a new password, open this link { $hours ->
        [one] within an hour
       *[other] within { $hours } hours
    }:
    { $link }

    If it was not you, ignore this mail: your password stays as it is.

mail-verification-subject = Verify your email for Corkboard
mail-verification-body =
    Welcome to Corkboard!

    To verify this email address, open this link within { $hours ->
        [one] an hour
       *[other] { $hours } hours
    }:
    { $link }

    If you did not create a Corkboard account, ignore this mail.

mail-sign-up-attempt-subject = Someone tried to sign up with your email
# `$link` is the page where one asks for a password reset.
mail-sign-up-attempt-body =
    Someone tried to make a new Corkboard account with this email address, which already has one.

    If it was you, sign in, or reset your password at { $link }.
    If it was not you, ignore this mail: nothing changed.

mail-password-changed-subject = Your Corkboard password was changed
# `$keys` is mail-password-changed-keys on a line of its own, or nothing when no key was revoked.
mail-password-changed-body =
    The password of your Corkboard account { $username } was changed.

    Your other sessions were signed out, and older password reset links no longer work.
    { $keys }
    If it was not you, reset your password at once.
mail-password-changed-keys =
    { $count ->
        [one] Your API key was revoked: make a new one in your profile.
       *[other] Your { $count } API keys were revoked: make new ones in your profile.
    }

### English: exactly the sentences the code wrote before (tests compare).

## Access: what does not exist, or may not be seen

error-no-access = Sorry, it seems you don't have access to this.
error-sign-in-required = You must sign in first.
error-admin-only = Only an admin of this instance may do this.
error-board-not-found = This board does not exist.
error-folder-not-found = This folder does not exist.
error-pin-not-found = This pin does not exist.
error-user-not-found = This user does not exist.
error-disk-full = The server is out of disk space: please try again later, or ask its administrator.
error-storage-unavailable = Storage is unavailable, try again.
error-internal = Sorry, something went wrong on the server.

## Forms: titles, texts, profiles

error-field-required = This field is required.
error-text-too-long = This is at most { $max } characters long.
error-caption-required = A caption is required.
error-rating-invalid = A rating is a whole number from 0 to 5.
error-profile-field-too-long = This is too long.
error-profile-link-scheme = Links must start with http:// or https://.

## Accounts: usernames, emails, passwords

error-username-required = A username is required.
error-username-too-long = A username is at most { $max } characters long.
error-username-characters = Invalid characters in username.
error-username-reserved = This username is reserved, please pick another.
error-password-too-short = A password needs at least { $min } characters.
error-email-invalid = Please enter a valid email address.

## Pins and boards

error-private-picture = This picture was shared with you privately: pin it on a private board.
error-colour-unknown = There is no colour "{ $name }": choose one of { $names }.

## Sign-up and sign-in

error-username-taken = This username is already taken.
error-email-not-usable = This email cannot be used to sign up. If it is yours, we have sent it a message.
error-email-taken = An account with this email already exists.

## Pictures and files

error-file-too-large = This file is too large: at most { $amount } { $unit }.
error-file-too-large-plain = This file is too large.
error-not-a-picture = This file is not a picture we can read (JPEG, PNG, GIF or WebP).
error-picture-damaged = This picture is damaged or incomplete and cannot be read.
error-picture-too-many-pixels = This picture is too large: { $megapixels } megapixels, at most { $max }.
error-picture-header-lies = This picture is damaged: its file is far too small to hold the { $width } x { $height } pixels it claims.
error-picture-too-large-for-jpeg = This picture is too large to be saved as JPEG.

## Fetching from the web

error-address-invalid = Please give a web address starting with http:// or https://.
error-address-too-long = This web address is too long: at most { $max } characters.
error-address-private = This address is on a private network: Corkboard only fetches from the public internet.
error-site-status = The site answered with error { $status }: nothing could be downloaded.
error-site-too-slow = The site took too long to answer.
error-too-many-redirects = The address redirects too many times.
error-host-not-found = No site answers at this address.
error-site-unreachable = The site could not be reached.
error-token-redirected = This address redirects elsewhere, and the API token is sent only to the address given: please give the address it redirects to.
error-download-too-large = This download is too large: at most { $amount } { $unit }.
error-server-restarting = The server is restarting: please try again in a moment.

## Imports: bookmark files, Pinry, folders on the server

error-bookmarks-empty = This file holds no bookmarks to import: export your bookmarks or pins as an HTML bookmark file.
error-bookmarks-too-many-tags = This file has more than { $max } tags: it is no bookmark file this server reads.
error-bookmarks-too-deep = This file nests folders more than { $max } deep: it is no bookmark file this server reads.
error-folder-no-pictures = This folder holds no pictures (JPEG, PNG, GIF or WebP files).
error-import-not-found = There is no such import.
error-import-too-many = There are { $count } pictures to import: at most { $max } at once.
error-file-unreadable = { $path } cannot be read: { $error }.
error-pinry-no-pins = This Pinry user has no pins to import (private ones need the API token).
error-pinry-not-pinry = This address does not answer as a Pinry instance does.
import-source-pinry = Pinry at { $origin }

## Imports: the items of a job

error-page-no-picture = No picture was found on this page.
error-bookmark-no-address = This bookmark has no address.

## Sign-up: registration modes, invite links, the first account

error-sign-up-closed = Sign-up is closed on this Corkboard: ask its admin for an account.
error-sign-up-closed-first = Sign-up is closed on this Corkboard. Its operator makes the first account on the server: `corkboard admin create-user NAME EMAIL --admin`.
error-sign-up-by-invite = Sign-up on this Corkboard is by invitation: open the invite link an admin sent you.
error-invite-unknown = This invite link is not valid: ask for a new one.
error-invite-used = This invite link was already used: ask for a new one.
error-invite-expired = This invite link has expired: ask for a new one.
error-setup-code-needed = Enter the setup code to make the first account.
error-setup-code-wrong = This is not the setup code: copy it from the server's log.
error-invite-needs-public-url = Set public_url in the settings so that invite links point to this server.
error-invite-days = An invite link works for 1 to { $max } days.
error-invite-not-found = This invite link does not exist.

## The operator at the machine (command line)

error-setup-code-has-first-account = This Corkboard has its first account: no setup code is needed any more.
error-setup-code-sign-up-closed = Sign-up is closed: make the first account with `corkboard admin create-user NAME EMAIL --admin`.
error-setup-code-not-needed = No setup code is needed: this Corkboard listens on a loopback address without public_url, and the first to sign up becomes its admin.
error-no-account-named = There is no account named { $username }.
error-backup-failed = The backup failed: { $error }
error-export-no-user = no user { $username }
error-export-no-user-id = user { $id }
error-import-no-user = There is no user { $username }.

## Who may change what

error-owner-only-board = Only the owner can change this board.
error-owner-only-folder = Only the owner can change this folder.
error-owner-only-pin = Only the owner can change this pin.
error-foreign-origin = Please sign in from Corkboard's own pages.
error-metrics-need-admin-key = Metrics are read with an admin's API key (Authorization: Bearer).

## Pinning from the web

error-address-no-page-no-picture = This address shows neither a web page nor a picture.
error-address-is-a-page = This address shows a web page, not a picture.
error-referer-invalid = The page the picture was found on has no valid web address.
error-temp-pin-gone = This picture has expired or was already pinned: please add it again.
error-picture-needs-too-much-memory = This picture is too large for this server to process: it would need about { $amount } { $unit } of memory, and one picture may use at most { $max_amount } { $max_unit }. Please upload a smaller picture.

## Lists

error-cursor-invalid = This page cursor is not valid.
error-first-negative = first cannot be negative.
error-boards-by-id-too-many = Ask for at most { $max } boards at a time.
error-page-unreadable = The page could not be read.

## Following

error-follow-yourself = You cannot follow yourself.
error-follow-own-board = You cannot follow your own board.

## API keys

error-api-key-name = Give the key a name of at most { $max } characters.
error-api-keys-too-many = You have { $max } API keys, the most one may hold: revoke one to make another.
error-api-key-not-found = This API key does not exist.

## Passkeys

error-passkeys-unavailable = Passkeys need this Corkboard's address: set public_url (over HTTPS) in the settings, or open it at localhost.
error-passkey-name = Give the passkey a name of 1 to { $max } characters.
error-passkeys-too-many = You have { $max } passkeys, the most one account may hold: remove one to add another.
error-passkey-request-expired = That passkey request took too long or was already used: try again.
error-passkey-not-verified = The passkey's answer could not be verified: try again.
error-passkey-already-registered = This passkey is already registered here.
error-passkey-unknown = This passkey does not belong to an account here: sign in another way, then add it on your profile page.
error-passkey-not-found = This passkey does not exist.
error-passkey-last-way-in = This is the last way to sign in to your account: set a password or add another passkey first.
error-too-many-passkey-sign-ins = Too many passkey sign-ins were begun from your address. Please wait a few minutes and try again.

## A busy server

error-server-busy = The server is busy: please try again in a moment.
error-too-many-downloads = Too many downloads are under way on this server: please try again in a moment.
error-too-many-downloads-of-yours = You have { $count ->
        [one] { $count } download or import under way already: please wait for it to finish.
       *[other] { $count } downloads or imports under way already: please wait for them to finish.
    }

## Boards: privacy, covers, shares

error-board-holds-private-pictures = This board holds pictures shared with you privately: it stays private.
error-pin-not-on-board = This pin is not on this board.
error-no-user-named = There is no user named "{ $username }".
error-share-with-yourself = You always see your own boards.
error-board-shares-too-many = A board can be shared with at most { $max } people.

## Quotas, and one import or export at a time. `$grouped` is `$max` with a comma between thousands, as English writes it here.

error-quota-pins = You have reached your limit of { $max ->
        [one] { $grouped } pin
       *[other] { $grouped } pins
    }. Delete some to add more.
error-quota-storage = Your pins' pictures have reached your limit of { $amount } { $unit }. Delete some pins to add more.
error-quota-waiting = Your pictures waiting to be pinned have reached your limit of { $amount } { $unit }: pin them, or wait a little for them to expire, before adding more.
error-import-running = An import of yours is already running; wait until it finishes.
error-imports-busy = The server is busy with other imports: please try again in a few minutes.
error-export-running = An export of yours is already running; wait until it finishes.

## Importing an export archive: the archive refused

error-archive-too-many-files = This archive holds { $entries } files, more than an export of this size could: it is not one this Corkboard imports.
error-archive-not-an-export = This file is not a Corkboard export archive: { $why ->
        [not-zip] it is not a zip archive
        [no-manifest] it has no manifest.json
       *[other-format] its manifest.json is of another format
    }.
error-archive-version = This archive is of version { $version } of the export format, and this Corkboard reads version { $supported }: import it with a newer Corkboard.
error-archive-manifest-unreadable = This file is not a Corkboard export this version can read: { $why ->
        [cut-short] its manifest.json is cut short or damaged
        [not-json] its manifest.json is not valid JSON
       *[not-an-export] its manifest.json lacks something an export holds, or holds something else
    } (near line { $line }).
error-archive-entry-refused = { $why ->
        [too-large] it is larger than this server reads
        [bomb] it unpacks to far more than it holds packed, as no export does
        [long-text] it holds a text longer than { $kb } KB, as no export does
       *[too-many] it holds more than this server reads in one import
    }
error-archive-manifest-refused = This file is not a Corkboard export this server can import: its manifest.json is refused ({ error-archive-entry-refused }; a manifest may hold at most { $amount } { $unit }).
error-archive-no-account-named = This archive holds { $count } accounts and none is named { $username }: import an export of one account.

## Importing an export archive: the report's reasons (after the pin or record they explain) and notes

import-picture-missing = its picture is not in the archive
import-picture-refused = its picture cannot be imported: { error-archive-entry-refused }
import-picture-unreadable = its picture cannot be read from the archive
import-picture-other-sha1 = its picture is not the one the manifest names (another sha1)
import-picture-not-ingested = its picture was not ingested
import-picture-files-removed = its picture's files were removed meanwhile: import the archive again
import-note-other-accounts-left-out = Only the content of { $username } was imported; { $count ->
        [one] the archive's { $count } other account was left out.
       *[other] the archive's { $count } other accounts were left out.
    }
import-note-same-email = The archive's account { $username } has the email of the account { $local } here: its content went to that account.
import-note-share-dropped = The board { $board } is not shared with { $username }: that account is not part of this import.
import-note-source-dropped = The pin { $pin } was imported without its source, which is not a web address (http or https).
import-note-over-quota = { $count ->
        [one] { $grouped } pin was not added:
       *[other] { $grouped } pins were not added:
    }

## Share links

error-share-link-needs-public-url = Share links need this Corkboard's public address: set `public_url` in the settings (see config.example.toml).
error-share-link-days = A share link expires after 1 to { $max } days, or never.
error-share-links-too-many = This board has { $max } share links, the most it may have: revoke one to make another.
error-share-link-not-found = This share link does not exist.
error-share-link-dead = This link does not work: it may have been revoked or have expired.

## Signing in, passwords, mailed links

error-wrong-credentials = Wrong email or password.
error-account-disabled = This account is disabled: ask the admin of this Corkboard.
error-passwords-off = Signing in with a password is turned off here: use your identity provider or a passkey.
error-last-way-in = This is your only way to sign in: add a password or a passkey first.
error-identity-not-found = There is no such linked account.
error-username-not-editable = Your username can no longer be changed.
error-too-many-sign-ins = Too many failed sign-in attempts. Please wait a few minutes and try again.
error-too-many-sign-ups = Too many accounts were created from your address. Please try again in an hour.
error-too-many-mails = Too many mails were asked for. Please try again in an hour.
error-token-invalid = This link is invalid or has expired. Please ask for a new one.
error-current-password-wrong = The current password is wrong.
error-password-wrong = The password is wrong.

## Admins and accounts

error-last-admin = This is the only admin who can sign in: make someone else an admin first.
error-disable-own-account = You cannot disable your own account.
error-delete-own-account = You cannot delete your own account.
error-delete-confirmation = Type the username { $username } to delete this account.

## What a mutation that worked answers

done-signed-out = You are signed out.
done-password-reset-mailed = If an account exists for this email, a mail with a reset link is on its way.
done-api-key-revoked = The API key is revoked.
done-account-deleted = The account was deleted.
done-invite-withdrawn = The invite link was withdrawn.
done-share-link-revoked = The share link was revoked.
done-recent-searches-cleared = Your recent searches are cleared.
done-board-shared = The board is shared with { $username }.
done-board-unshared = The board is no longer shared with { $username }.

## GraphQL requests refused before they run

error-request-too-large = This request asks for too much at once: ask for fewer items or fields.
error-request-too-deep = This request nests its fields too deeply.
error-request-too-many-directives = This request puts too many directives on one field.
error-request-too-many-changes = This request makes too many changes at once: send at most { $max } in one request.
error-request-fragment-cycle = This request's fragments spread themselves.
error-request-batch = Send one GraphQL request at a time: batches are not accepted.
error-request-not-graphql = This request is not a GraphQL request: send an object with "query" and, if needed, "variables" (line { $line }, column { $column }).
error-request-not-json = This request is not valid JSON (line { $line }, column { $column }).
error-request-syntax = This request is not valid GraphQL: see line { $line }, column { $column }.
error-request-unnamed-operation = This request holds an operation without a name beside others: name each one.
error-request-operation-twice = The operation { $operation } is defined twice.
error-request-fragment-twice = The fragment { $fragment } is defined twice.
error-request-no-operation = This request holds no operation to run.
error-request-not-valid-graphql = This request is not valid GraphQL.
error-request-more-errors = … and { $count } more errors like these.
error-request-not-json-type = Send GraphQL requests as JSON (Content-Type: application/json).
error-request-body-too-large = This request is too large: GraphQL requests are at most 256 KiB.
error-request-encoded = Send requests without Content-Encoding.
error-request-length-required = The request did not say its size (Content-Length).
error-misdirected = This server does not answer to the name this page was opened at: open Corkboard at its own address, or ask its operator to set that name as its public_url.

## Uploads, and what other apps share

error-upload-choose-picture = Please choose one picture file to upload.
error-archive-too-large = This archive is too large: at most { $amount } { $unit }.
error-archive-choose = Please choose the zip archive of an export to import.
error-share-nothing = Nothing to pin was shared: no picture and no link.
error-share-text-too-long = The shared { $name } is too long: at most 64 KiB.
error-share-form-unreadable = The shared form could not be read.
