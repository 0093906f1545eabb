### Corkboard: the server's words outside its errors (helper S1): the language itself, how it
### writes numbers, page titles and link previews, feeds, and the mails.
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
