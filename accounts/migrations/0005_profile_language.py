from django.db import migrations, models


class Migration(migrations.Migration):
    # Issue 45: the account's language; "" (every existing account) follows the browser.

    dependencies = [
        ('accounts', '0004_apitoken_scopes'),
    ]

    operations = [
        migrations.AddField(
            model_name='profile',
            name='language',
            field=models.CharField(blank=True, default='', max_length=16),
        ),
    ]
